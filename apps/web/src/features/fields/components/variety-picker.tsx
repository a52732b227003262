import { searchVarieties, varietyLabel } from '@ampelos/domain';
import { CloseButton, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './fields.module.css';

const RESULT_LIMIT = 60;

interface VarietyPickerProps {
  value: string | null;
  onChange: (name: string | null) => void;
  error?: React.ReactNode;
}

/**
 * The variety is read-only text set by choosing from the catalogue: the input opens a searchable list.
 * Search ignores case and accents and understands Greek ("ξινομαυρο" finds Xinomavro); names show in
 * Greek when the interface is Greek. The stored value is always the Latin name.
 */
export function VarietyPicker({ value, onChange, error }: VarietyPickerProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'el' ? 'el' : 'en';
  const [opened, modal] = useDisclosure(false);
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchVarieties(query, RESULT_LIMIT), [query]);

  const choose = (name: string) => {
    onChange(name);
    modal.close();
    setQuery('');
  };

  return (
    <>
      <TextInput
        label={t('fields.form.variety')}
        placeholder={t('fields.form.chooseVariety')}
        value={value ? varietyLabel(value, lang) : ''}
        readOnly
        onClick={modal.open}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            modal.open();
          }
        }}
        error={error}
        rightSection={
          value ? (
            <CloseButton
              size="sm"
              aria-label={t('fields.form.clearVariety')}
              onClick={(event) => {
                event.stopPropagation();
                onChange(null);
              }}
            />
          ) : null
        }
        styles={{ input: { cursor: 'pointer' } }}
        data-testid="field-variety"
      />
      <Modal opened={opened} onClose={modal.close} title={t('fields.form.chooseVariety')} size="md">
        <Stack gap="sm">
          <TextInput
            placeholder={t('fields.form.varietySearch')}
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            data-autofocus
            data-testid="variety-search"
          />
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack gap={2}>
              {results.length === 0 && (
                <Text c="dimmed" size="sm" p="xs">
                  {t('fields.form.noVariety')}
                </Text>
              )}
              {results.map((variety) => {
                const label = varietyLabel(variety.name, lang);
                return (
                  <UnstyledButton
                    key={variety.name}
                    className={classes.option}
                    data-selected={variety.name === value || undefined}
                    onClick={() => choose(variety.name)}
                    data-testid="variety-option"
                    data-name={variety.name}
                  >
                    <Text size="sm">{label}</Text>
                    {label !== variety.name && (
                      <Text size="xs" c="dimmed">
                        {variety.name}
                      </Text>
                    )}
                  </UnstyledButton>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Modal>
    </>
  );
}
