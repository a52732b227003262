import 'dayjs/locale/el';
import {
  availabilityProblem,
  BREAKPOINTS,
  type DayRange,
  daysInRange,
  SHOOT_RANGE_DAYS,
} from '@ampelos/domain';
import { Button, Center, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayRange, shootToday } from '../../../lib/days.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useGiveAvailability } from '../api/give-availability.ts';
import { excludedByRangeLimit, lastValidDay, type PickedRange, pickedRange } from '../schedule-range.ts';

interface ScheduleShootModalProps {
  opened: boolean;
  onClose: () => void;
  reportUuid: string;
  validTo: string | null;
  /** The availability already given (changing it). */
  initial: DayRange | null;
}

/**
 * "Schedule Shoot": the customer's availability, a range of at most 14 days (single days allowed),
 * not in the past and within the report's validity. The server checks the same rules.
 */
export function ScheduleShootModal({
  opened,
  onClose,
  reportUuid,
  validTo,
  initial,
}: ScheduleShootModalProps) {
  const { t, i18n } = useTranslation();
  const [picked, setPicked] = useState<PickedRange>(initial ? [initial.start, initial.end] : [null, null]);
  const [error, setError] = useState<string | null>(null);
  const save = useGiveAvailability();
  const today = shootToday();
  const lastDay = lastValidDay(validTo);
  const range = pickedRange(picked);
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS.smallScreen}px)`);

  const submit = () => {
    const problem = availabilityProblem(range, today, lastDay);
    if (problem || !range) {
      setError(translateMessage(problem ?? ''));
      return;
    }
    setError(null);
    save.mutate(
      { reportUuid, dateRange: range },
      {
        onSuccess: () => {
          notifySuccess(t('reports.schedule.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('reports.action.schedule')} size="auto" centered>
      <Stack gap="sm" maw={620}>
        <Text size="sm">{t('reports.schedule.intro', { days: SHOOT_RANGE_DAYS })}</Text>
        <Center data-testid="schedule-range">
          <DatePicker
            type="range"
            allowSingleDateInRange
            value={picked}
            onChange={(value) => {
              setPicked([value[0], value[1]]);
              setError(null);
            }}
            minDate={today}
            maxDate={lastDay ?? undefined}
            excludeDate={(day) => excludedByRangeLimit(picked, day)}
            getDayProps={(day) => ({ 'data-date': day })}
            numberOfColumns={small ? 1 : 2}
            locale={i18n.language === 'el' ? 'el' : 'en'}
            firstDayOfWeek={1}
          />
        </Center>
        <Text size="sm" data-testid="schedule-selected">
          {range
            ? t('reports.schedule.selected', { range: formatDayRange(range), count: daysInRange(range) })
            : t('reports.schedule.pickHint')}
        </Text>
        {error && (
          <Text size="sm" c="red" role="alert" data-testid="schedule-error">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="schedule-submit">
            {t('reports.schedule.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
