import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The five promises of spec section 1, shown beside the sign-up form. */
const PROMISES = ['earlyDetection', 'clearView', 'stressMap', 'timeline', 'discounts'] as const;

export function SignUpPromises() {
  const { t } = useTranslation();
  return (
    <Stack data-testid="signup-promises">
      <Title order={3}>{t('signup.promisesTitle')}</Title>
      <List
        spacing="md"
        icon={
          <ThemeIcon color="green" size={24} radius="xl">
            <IconCheck size={16} />
          </ThemeIcon>
        }
      >
        {PROMISES.map((key) => (
          <List.Item key={key}>
            <Text fw={600}>{t(`signup.promises.${key}.title`)}</Text>
            <Text size="sm" c="dimmed">
              {t(`signup.promises.${key}.text`)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
