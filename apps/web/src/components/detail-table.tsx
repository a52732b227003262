import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { wrapBeforeAt } from './wrap-before-at.tsx';

export interface DetailRow {
  key: string;
  label: string;
  value: ReactNode;
}

interface DetailTableProps {
  rows: readonly DetailRow[];
  /** Each value cell gets `data-testid="<testId>-<key>"`. */
  testId: string;
}

/** Label/value rows of a detail panel; an empty value reads as a dash. */
export function DetailTable({ rows, testId }: DetailTableProps) {
  return (
    <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th w="40%" fw={500} c="dimmed" bg="transparent">
              {row.label}
            </Table.Th>
            <Table.Td data-testid={`${testId}-${row.key}`} style={{ overflowWrap: 'anywhere' }}>
              {row.value === null || row.value === undefined || row.value === ''
                ? '—'
                : wrapBeforeAt(row.value)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
