import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type DetailRow, DetailTable } from '../../../components/detail-table';

export type InfoRow = DetailRow;

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
      {rows.length > 0 && <DetailTable rows={rows} testId={testId} />}
      {children}
    </Paper>
  );
}
