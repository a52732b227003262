import { type FieldView, regionLabel } from '@ampelos/domain';
import { Avatar, Box, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlant2 } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHectares } from '../../../components/map/index.ts';
import { SearchableList } from '../../../components/searchable-list.tsx';
import { countryName } from '../../../lib/country-name.ts';
import { filterFieldsByName, flattenGroups, groupFields } from '../group-fields.ts';
import { fieldLocationText } from './field-location.ts';
import classes from './fields.module.css';

/** Room for a place name on two lines (long Greek region names) and the count and area under it. */
const GROUP_ROW_PX = 66;
const FIELD_ROW_PX = 64;

interface FieldsListProps {
  fields: readonly FieldView[];
  activeUuid: string | null;
  onSelect: (uuid: string) => void;
  /** Height of the scrolling list. */
  h: string | number;
}

/**
 * The fields grouped by country and region (collapsible headers with count and total hectares), a name
 * search, and only the visible rows rendered so thousands of fields scroll and filter smoothly.
 */
export function FieldsList({ fields, activeUuid, onSelect, h }: FieldsListProps) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const groups = useMemo(
    () => groupFields(filterFieldsByName(fields, deferredQuery)),
    [fields, deferredQuery],
  );
  const rows = useMemo(() => flattenGroups(groups, collapsed), [groups, collapsed]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'group' ? GROUP_ROW_PX : FIELD_ROW_PX),
    getItemKey: (index) => {
      const row = rows[index];
      return row?.kind === 'group' ? `g:${row.group.key}` : `f:${row?.field.uuid ?? index}`;
    },
    overscan: 8,
  });

  const toggle = (key: string) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <Box>
      <SearchableList
        label={t('fields.search')}
        query={query}
        onQueryChange={setQuery}
        noMatch={rows.length === 0 ? t('fields.noMatch') : null}
        testId="fields"
      >
        <Box ref={scrollRef} h={h} style={{ overflowY: 'auto' }} data-testid="fields-list">
          <Box pos="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const style = {
                position: 'absolute' as const,
                top: 0,
                left: 0,
                width: '100%',
                height: item.size,
                transform: `translateY(${item.start}px)`,
                padding: '2px 0',
              };
              if (row.kind === 'group') {
                const { group } = row;
                const place =
                  [
                    countryName(group.countryCode, group.country, i18n.language),
                    regionLabel(group.region, i18n.language),
                  ]
                    .filter(Boolean)
                    .join(' · ') || t('fields.unknownLocation');
                return (
                  <div key={item.key} style={style}>
                    <UnstyledButton
                      className={classes.groupHeader}
                      onClick={() => toggle(group.key)}
                      aria-expanded={!row.collapsed}
                      data-testid="fields-group"
                      data-country={group.country ?? ''}
                      data-region={group.region ?? ''}
                    >
                      {row.collapsed ? <IconChevronRight size={16} /> : <IconChevronDown size={16} />}
                      <Box style={{ flex: 1, minWidth: 0 }}>
                        <Text fw={600} size="sm" lineClamp={2} title={place}>
                          {place}
                        </Text>
                        <Text size="xs" c="dimmed" data-testid="fields-group-summary">
                          {t('fields.groupSummary', {
                            count: group.fields.length,
                            hectares: formatHectares(group.totalArea),
                          })}
                        </Text>
                      </Box>
                    </UnstyledButton>
                  </div>
                );
              }
              const { field } = row;
              return (
                <div key={item.key} style={style}>
                  <UnstyledButton
                    className={classes.fieldItem}
                    data-active={field.uuid === activeUuid || undefined}
                    aria-current={field.uuid === activeUuid ? 'true' : undefined}
                    onClick={() => onSelect(field.uuid)}
                    data-testid="field-item"
                    data-uuid={field.uuid}
                    data-group={row.groupKey}
                  >
                    <Avatar src={field.avatar?.xs ?? null} radius="sm" size={44} color="grape" alt="">
                      <IconPlant2 size={20} />
                    </Avatar>
                    <Box style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate data-testid="field-item-title">
                        {field.title}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {fieldLocationText(t, field.location, i18n.language)}
                      </Text>
                    </Box>
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {t('fields.hectaresValue', { value: formatHectares(field.area) })}
                    </Text>
                  </UnstyledButton>
                </div>
              );
            })}
          </Box>
        </Box>
      </SearchableList>
    </Box>
  );
}
