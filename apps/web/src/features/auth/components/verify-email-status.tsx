import { Alert, Anchor, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useVerifyEmail } from '../api/verify-email.ts';

export function VerifyEmailStatus({ token }: { token: string }) {
  const { t } = useTranslation();
  const verification = useVerifyEmail(token);
  const config = usePublicConfig();
  const salesEmail = config.data?.paymentMethods.salesEmail;

  return (
    <Paper withBorder shadow="sm" p="xl" maw={480} mx="auto">
      <Stack>
        <Title order={2}>{t('auth.verifyTitle')}</Title>
        {verification.isPending && (
          <Stack align="center" data-testid="verify-loading">
            <Loader />
            <Text>{t('auth.verifyLoading')}</Text>
          </Stack>
        )}
        {verification.isSuccess && (
          <Alert color="green" icon={<IconCircleCheck />} role="status" data-testid="verify-success">
            <Stack gap="sm">
              <Text>{t('auth.verifySuccess')}</Text>
              <Button component={Link} to={paths.login.getHref()} w="fit-content">
                {t('auth.signIn')}
              </Button>
            </Stack>
          </Alert>
        )}
        {verification.isError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert" data-testid="verify-failure">
            <Text>{t('auth.verifyFailed')}</Text>
            {salesEmail && (
              <Text mt="xs">
                {t('auth.verifyContact')}{' '}
                <Anchor href={`mailto:${salesEmail}`} data-testid="verify-contact">
                  {salesEmail}
                </Anchor>
              </Text>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
