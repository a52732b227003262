import { EmptyState, Stack, Title } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyPageProps {
  title: string;
  emptyText: string;
  description?: ReactNode;
  icon?: ReactNode;
}

/** A real page heading with an honest empty state (no fake data) for features that arrive later. */
export function EmptyPage({ title, emptyText, description, icon }: EmptyPageProps) {
  return (
    <Stack gap="lg">
      <Title order={2}>{title}</Title>
      <EmptyState
        data-testid="empty-state"
        title={emptyText}
        description={description}
        icon={icon ?? <IconLeaf size={36} stroke={1.5} />}
        variant="light"
        color="grape"
      />
    </Stack>
  );
}
