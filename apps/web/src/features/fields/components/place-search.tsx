import { type PlaceMatch, regionLabel } from '@ampelos/domain';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/country-name.ts';
import { usePlaceSearch } from '../api/search-places.ts';

const DEBOUNCE_MS = 250;

/** "Πελοπόννησος" for a Greek region in Greek, the stored name otherwise. */
export function placeName(place: PlaceMatch, lang: string): string {
  return place.kind === 'region' ? (regionLabel(place.name, lang) ?? place.name) : place.name;
}

/**
 * Finds a region or a town by name (from the server's bundled place names: no network needed) and
 * hands it to the map to go there.
 */
export function PlaceSearch({ onPlace }: { onPlace: (place: PlaceMatch) => void }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, DEBOUNCE_MS);
  const search = usePlaceSearch(debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const places = search.data?.data ?? [];
  const searching = debounced.trim().length >= 2;

  const choose = (index: string) => {
    const place = places[Number(index)];
    if (!place) return;
    setQuery(placeName(place, i18n.language));
    combobox.closeDropdown();
    onPlace(place);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose}>
      <Combobox.Target>
        <TextInput
          label={t('fields.new.placeSearch')}
          placeholder={t('fields.new.placeSearchHint')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching ? <Loader size={14} /> : null}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid="place-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }} aria-label={t('fields.new.placeSearch')}>
          {places.map((place, index) => (
            <Combobox.Option
              value={String(index)}
              key={`${place.kind}-${place.name}-${place.center.lng}-${place.center.lat}`}
              data-testid="place-option"
            >
              <Text size="sm">{placeName(place, i18n.language)}</Text>
              <Text size="xs" c="dimmed">
                {[
                  place.kind === 'region' ? t('fields.new.placeRegion') : null,
                  countryName(place.countryCode, place.countryCode, i18n.language),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Combobox.Option>
          ))}
          {searching && !search.isFetching && search.isSuccess && places.length === 0 && (
            <Combobox.Empty data-testid="place-none">{t('fields.new.placeNone')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
