import type { ShootView } from '@ampelos/domain';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconCalendarPin, IconCalendarStats, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCompleteShoot } from '../api/complete-shoot.ts';
import { AssignCrew } from './assign-crew.tsx';
import { ConfirmDatesModal } from './confirm-dates-modal.tsx';
import { FinalDayForm } from './final-day-form.tsx';
import { FixedDatesModal } from './fixed-dates-modal.tsx';

type OpenModal = 'confirm' | 'fixed' | null;

/** What the caller may do with the shoot now: exactly the server's `actions` flags. */
export function ShootActions({ shoot }: { shoot: ShootView }) {
  const { t } = useTranslation();
  const [modal, setModal] = useState<OpenModal>(null);
  const complete = useCompleteShoot();
  const { actions } = shoot;
  const any =
    actions.assignDroneAdmin ||
    actions.assignDroneOperator ||
    actions.confirmDates ||
    actions.setFinalDay ||
    actions.setFixedDates ||
    actions.complete;
  if (!any) return null;

  return (
    <Paper withBorder p="md" data-testid="shoot-actions">
      <Title order={4} mb="sm">
        {t('shoots.actions.title')}
      </Title>
      <Stack gap="md">
        {actions.assignDroneAdmin && <AssignCrew shoot={shoot} slot="droneAdmin" />}
        {actions.assignDroneOperator && <AssignCrew shoot={shoot} slot="droneOperator" />}
        {actions.setFinalDay && shoot.shootDays && (
          <FinalDayForm shootUuid={shoot.uuid} shootDays={shoot.shootDays} />
        )}
        <Group gap="xs">
          {actions.confirmDates && shoot.dateRange && (
            <Button
              leftSection={<IconCalendarStats size={16} />}
              onClick={() => setModal('confirm')}
              data-testid="shoot-confirm-dates"
            >
              {t('shoots.confirm.open')}
            </Button>
          )}
          {actions.setFixedDates && (
            <Button
              variant="light"
              leftSection={<IconCalendarPin size={16} />}
              onClick={() => setModal('fixed')}
              data-testid="shoot-fixed-dates"
            >
              {t('shoots.fixed.open')}
            </Button>
          )}
          {actions.complete && (
            <Button
              color="green"
              leftSection={<IconCircleCheck size={16} />}
              loading={complete.isPending}
              onClick={() =>
                complete.mutate(shoot.uuid, {
                  onSuccess: () => notifySuccess(t('shoots.messages.statusUpdated')),
                })
              }
              data-testid="shoot-complete"
            >
              {t('shoots.actions.complete')}
            </Button>
          )}
        </Group>
      </Stack>
      {modal === 'confirm' && shoot.dateRange && (
        <ConfirmDatesModal
          shootUuid={shoot.uuid}
          availability={shoot.dateRange}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'fixed' && (
        <FixedDatesModal
          target={{ shootUuid: shoot.uuid }}
          initial={shoot.fixedDates}
          onClose={() => setModal(null)}
        />
      )}
    </Paper>
  );
}
