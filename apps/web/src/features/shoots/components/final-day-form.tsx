import 'dayjs/locale/el';
import { finalDayBounds, finalDayProblem, type ShootDaysView, TIMERS_MS } from '@ampelos/domain';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSetFinalShootDay } from '../api/update-shoot-dates.ts';

/**
 * The final shoot day: a day between the confirmed start and the alternative end, set or reset; the
 * confirmation shows for 4 s (spec section 9).
 */
export function FinalDayForm({ shootUuid, shootDays }: { shootUuid: string; shootDays: ShootDaysView }) {
  const { t, i18n } = useTranslation();
  const bounds = finalDayBounds(shootDays);
  const [day, setDay] = useState<string | null>(shootDays.final);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const save = useSetFinalShootDay();
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const send = (final: string | null) => {
    if (final) {
      const problem = finalDayProblem(shootDays, final);
      if (problem) {
        notifyError(translateMessage(problem));
        return;
      }
    }
    save.mutate(
      { shootUuid, final },
      {
        onSuccess: () => {
          if (!final) setDay(null);
          setConfirmation(final ? t('shoots.finalDay.saved') : t('shoots.finalDay.reset'));
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => setConfirmation(null), TIMERS_MS.finalDayConfirmation);
        },
      },
    );
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end">
        <DatePickerInput
          label={t('shoots.finalDay.label')}
          placeholder={t('shoots.finalDay.placeholder')}
          value={day}
          onChange={setDay}
          minDate={bounds.start}
          maxDate={bounds.end}
          defaultDate={bounds.start}
          valueFormat="DD/MM/YY"
          locale={i18n.language === 'el' ? 'el' : 'en'}
          firstDayOfWeek={1}
          getDayProps={(date) => ({ 'data-date': date })}
          popoverProps={{ withinPortal: true }}
          w={180}
          data-testid="shoot-final-day"
        />
        <Button
          leftSection={<IconCalendarCheck size={16} />}
          disabled={!day || day === shootDays.final}
          loading={save.isPending && save.variables?.final !== null}
          onClick={() => send(day)}
          data-testid="shoot-final-day-save"
        >
          {t('shoots.finalDay.save')}
        </Button>
        {shootDays.final && (
          <Button
            variant="default"
            loading={save.isPending && save.variables?.final === null}
            onClick={() => send(null)}
            data-testid="shoot-final-day-reset"
          >
            {t('shoots.finalDay.resetButton')}
          </Button>
        )}
      </Group>
      {confirmation && (
        <Alert color="green" variant="light" py={6} data-testid="shoot-final-day-confirmation">
          {confirmation}
        </Alert>
      )}
    </Stack>
  );
}
