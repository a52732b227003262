import type { ShootView } from '@ampelos/domain';
import { Button, Group, Select } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { type CrewSlot, useAssignShoot } from '../api/assign-shoot.ts';
import { useCrew } from '../api/find-crew.ts';

const TEST_IDS: Record<CrewSlot, string> = {
  droneAdmin: 'shoot-assign-drone-admin',
  droneOperator: 'shoot-assign-drone-operator',
};

/**
 * Assign a drone operator organisation (drone_admin) or a pilot (drone_operator). The list is the
 * server's: staff see every organisation and pilot, an organisation its own pilots.
 */
export function AssignCrew({ shoot, slot }: { shoot: ShootView; slot: CrewSlot }) {
  const { t } = useTranslation();
  const crew = useCrew(slot === 'droneAdmin' ? 'drone_admin' : 'drone_operator', true);
  const current = slot === 'droneAdmin' ? shoot.droneAdmin : shoot.droneOperator;
  const [chosen, setChosen] = useState<string | null>(current ? String(current.id) : null);
  const assign = useAssignShoot();
  const options = (crew.data?.data ?? []).map((user) => ({
    value: String(user.id),
    label: `${user.firstName} ${user.lastName}${user.company ? ` · ${user.company.title}` : ''}`,
  }));
  const testId = TEST_IDS[slot];

  return (
    // On a phone the button goes under the list rather than squeezing its placeholder and names.
    <Group gap="xs" align="flex-end">
      <Select
        label={slot === 'droneAdmin' ? t('shoots.assign.droneAdmin') : t('shoots.assign.droneOperator')}
        placeholder={crew.isPending ? t('common.loading') : t('shoots.assign.choose')}
        nothingFoundMessage={t('shoots.assign.none')}
        data={options}
        value={chosen}
        onChange={setChosen}
        searchable
        disabled={crew.isPending}
        style={{ flex: '1 1 200px' }}
        maw={320}
        data-testid={testId}
      />
      <Button
        leftSection={<IconUserPlus size={16} />}
        disabled={!chosen || chosen === (current ? String(current.id) : null)}
        loading={assign.isPending}
        onClick={() => {
          if (!chosen) return;
          assign.mutate(
            { shootUuid: shoot.uuid, slot, userId: Number(chosen) },
            { onSuccess: () => notifySuccess(t('shoots.messages.assigned')) },
          );
        }}
        data-testid={`${testId}-submit`}
      >
        {t('shoots.assign.submit')}
      </Button>
    </Group>
  );
}
