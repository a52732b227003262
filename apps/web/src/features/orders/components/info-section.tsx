import { Paper, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface InfoRow {
  key: string;
  label: string;
  value: ReactNode;
}

interface InfoSectionProps {
  title: string;
  rows: readonly InfoRow[];
  testId: string;
  children?: ReactNode;
}

/** A titled card of label/value rows; an empty value reads as a dash. */
export function InfoSection({ title, rows, testId, children }: InfoSectionProps) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Title order={4} mb="xs">
        {title}
      </Title>
      {rows.length > 0 && (
        <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th w="40%" fw={500} c="dimmed" bg="transparent">
                  {row.label}
                </Table.Th>
                <Table.Td data-testid={`${testId}-${row.key}`} style={{ overflowWrap: 'anywhere' }}>
                  {row.value === null || row.value === undefined || row.value === '' ? '—' : row.value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {children}
    </Paper>
  );
}
