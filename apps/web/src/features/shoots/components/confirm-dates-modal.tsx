import 'dayjs/locale/el';
import { confirmDatesProblem, type DayRange } from '@ampelos/domain';
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayRange } from '../../../lib/days.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useConfirmShootDates } from '../api/update-shoot-dates.ts';

type Picked = [string | null, string | null];

const asRange = ([start, end]: Picked): DayRange | null =>
  start && end ? (start <= end ? { start, end } : { start: end, end: start }) : null;

/**
 * Confirm Dates: a confirmed and an alternative range, both within the client's availability;
 * single-day ranges are allowed.
 */
export function ConfirmDatesModal({
  shootUuid,
  availability,
  onClose,
}: {
  shootUuid: string;
  availability: DayRange;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [confirmed, setConfirmed] = useState<Picked>([null, null]);
  const [alternative, setAlternative] = useState<Picked>([null, null]);
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmShootDates();
  const locale = i18n.language === 'el' ? 'el' : 'en';

  const picker = (value: Picked, onChange: (value: Picked) => void, testId: string) => (
    <DatePicker
      type="range"
      allowSingleDateInRange
      value={value}
      onChange={(next) => {
        onChange([next[0], next[1]]);
        setError(null);
      }}
      minDate={availability.start}
      maxDate={availability.end}
      defaultDate={availability.start}
      getDayProps={(day) => ({ 'data-date': day })}
      locale={locale}
      firstDayOfWeek={1}
      data-testid={testId}
    />
  );

  const submit = () => {
    const confirmedRange = asRange(confirmed);
    const alternativeRange = asRange(alternative);
    const problem = confirmDatesProblem(availability, confirmedRange, alternativeRange);
    if (problem || !confirmedRange || !alternativeRange) {
      setError(translateMessage(problem ?? ''));
      return;
    }
    confirm.mutate(
      { shootUuid, confirmed: confirmedRange, alternative: alternativeRange },
      {
        onSuccess: () => {
          notifySuccess(t('shoots.messages.datesConfirmed'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('shoots.confirm.title')} size="auto" centered>
      <Stack gap="sm">
        <Text size="sm">{t('shoots.confirm.intro', { range: formatDayRange(availability) })}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={4} align="center">
            <Text fw={600}>{t('shoots.confirm.confirmed')}</Text>
            {picker(confirmed, setConfirmed, 'confirm-dates-confirmed')}
            <Text size="sm" c="dimmed">
              {formatDayRange(asRange(confirmed)) || t('shoots.confirm.pick')}
            </Text>
          </Stack>
          <Stack gap={4} align="center">
            <Text fw={600}>{t('shoots.confirm.alternative')}</Text>
            {picker(alternative, setAlternative, 'confirm-dates-alternative')}
            <Text size="sm" c="dimmed">
              {formatDayRange(asRange(alternative)) || t('shoots.confirm.pick')}
            </Text>
          </Stack>
        </SimpleGrid>
        {error && (
          <Text size="sm" c="red" role="alert" data-testid="confirm-dates-error">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={confirm.isPending} data-testid="confirm-dates-submit">
            {t('shoots.confirm.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
