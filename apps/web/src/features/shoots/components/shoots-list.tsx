import { Box, Group, Stack, Text } from '@mantine/core';
import { IconBuilding, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { groupEntries, type ShootEntry } from '../shoot-entries.ts';
import { ShootRow } from './shoot-row.tsx';
import classes from './shoots.module.css';
import type { ShootsViewMode } from './shoots-header.tsx';

interface ShootsListProps {
  entries: readonly ShootEntry[];
  view: ShootsViewMode;
  activeKey: string | null;
  onSelect: (entry: ShootEntry) => void;
  /** Height of the scrolling list (none: the page scrolls). */
  h?: string | number;
}

/** The flat list, or the grouped view: owner or company, then field, then its shoots. */
export function ShootsList({ entries, view, activeKey, onSelect, h }: ShootsListProps) {
  const { t } = useTranslation();
  return (
    <Box
      h={h}
      style={h === undefined ? undefined : { overflowY: 'auto' }}
      data-testid="shoots-list"
      data-view={view}
    >
      {view === 'flat' ? (
        entries.map((entry) => (
          <ShootRow key={entry.key} entry={entry} active={entry.key === activeKey} onSelect={onSelect} />
        ))
      ) : (
        <Stack gap="sm">
          {groupEntries(entries).map((owner) => (
            <Box key={owner.key} data-testid="shoots-group" data-kind={owner.kind}>
              <Group gap={6} className={classes.groupHeader}>
                {owner.kind === 'company' ? <IconBuilding size={16} /> : <IconUser size={16} />}
                <Text size="sm" fw={700} data-testid="shoots-group-label">
                  {owner.label}
                </Text>
              </Group>
              {owner.fields.map((field) => (
                <Box key={field.key} data-testid="shoots-group-field">
                  <Text
                    size="sm"
                    fw={600}
                    className={classes.fieldHeader}
                    data-testid="shoots-group-field-title"
                  >
                    {field.title ?? t('shoots.detail.fieldDeleted')}
                  </Text>
                  <Box className={classes.nested}>
                    {field.entries.map((entry) => (
                      <ShootRow
                        key={entry.key}
                        entry={entry}
                        active={entry.key === activeKey}
                        onSelect={onSelect}
                        compact
                      />
                    ))}
                  </Box>
                </Box>
              ))}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
