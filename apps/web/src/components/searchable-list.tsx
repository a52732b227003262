import { Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A list screen's search box and, under it, the list or a "no match" line. Test ids are
 * `<testId>-search` and `<testId>-no-match`.
 */
export function SearchableList({
  label,
  query,
  onQueryChange,
  noMatch,
  testId,
  children,
}: {
  label: string;
  query: string;
  onQueryChange: (query: string) => void;
  /** The text shown instead of the list; null shows the list. */
  noMatch: string | null;
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      <TextInput
        placeholder={label}
        aria-label={label}
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(event) => onQueryChange(event.currentTarget.value)}
        mb="sm"
        data-testid={`${testId}-search`}
      />
      {noMatch !== null ? (
        <Text c="dimmed" ta="center" py="lg" data-testid={`${testId}-no-match`}>
          {noMatch}
        </Text>
      ) : (
        children
      )}
    </>
  );
}
