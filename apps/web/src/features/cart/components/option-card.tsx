import { Group, Radio, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface OptionCardProps {
  value: string;
  title: ReactNode;
  description?: ReactNode;
  /** A figure under the description, e.g. the rate per hectare. */
  aside?: ReactNode;
  /** Why the option is unavailable; shown under it and disables it. */
  disabledReason?: string | null;
  testId: string;
}

/** One selectable card (inside a Radio.Group): package chooser, plan, transaction type. */
export function OptionCard({ value, title, description, aside, disabledReason, testId }: OptionCardProps) {
  const disabled = Boolean(disabledReason);
  return (
    <Radio.Card
      value={value}
      disabled={disabled}
      p="md"
      data-testid={testId}
      // A button centres its content vertically; cards of one row read better top-aligned.
      style={{
        display: 'flex',
        alignItems: 'flex-start',
        opacity: disabled ? 0.6 : 1,
        cursor: disabled ? 'not-allowed' : 'pointer',
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm" w="100%">
        <Radio.Indicator disabled={disabled} mt={2} />
        <Stack gap={4} style={{ flex: 1 }}>
          <Text fw={600}>{title}</Text>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
          {aside && (
            <Text fw={600} c="grape.7" size="sm">
              {aside}
            </Text>
          )}
          {disabledReason && (
            <Text size="xs" c="red.7" data-testid={`${testId}-reason`}>
              {disabledReason}
            </Text>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}
