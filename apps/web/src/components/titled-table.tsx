import { Paper, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of label/value rows (field and shoot details). */
export function TitledTable({
  title,
  rows,
  testId,
}: {
  title: string;
  rows: [string, ReactNode][];
  testId: string;
}) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              {/* On a phone the labels take more of the row: long Greek labels stay within two lines. */}
              <Table.Th w={{ base: '58%', xs: '45%' }}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
