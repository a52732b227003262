import { Paper, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { wrapBeforeAt } from './wrap-before-at.tsx';

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
      {/* Not a fixed layout: a label's longest word (Greek "προγραμματισμού") widens its column
          instead of running into the value, which wraps anywhere. */}
      <Table variant="vertical" withTableBorder={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              {/* On a phone the labels take more of the row: long Greek labels stay within two lines. */}
              <Table.Th w={{ base: '58%', xs: '45%' }}>{label}</Table.Th>
              {/* max-width 0: the value takes what the label leaves and wraps in it, never widening the
                  table past its card. */}
              <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 0 }}>{wrapBeforeAt(value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
