import 'dayjs/locale/el';
import { fixedDatesProblem } from '@ampelos/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shootToday } from '../../../lib/days.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { type FixedDatesTarget, useSetFixedShootDates } from '../api/set-fixed-dates.ts';

/** Staff fix a primary and an alternative day; the button stays disabled until both are set. */
export function FixedDatesModal({
  target,
  initial,
  onClose,
}: {
  target: FixedDatesTarget;
  initial: { primary: string; alternative: string } | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [primary, setPrimary] = useState<string | null>(initial?.primary ?? null);
  const [alternative, setAlternative] = useState<string | null>(initial?.alternative ?? null);
  const [error, setError] = useState<string | null>(null);
  const save = useSetFixedShootDates();
  const today = shootToday();
  const locale = i18n.language === 'el' ? 'el' : 'en';

  const submit = () => {
    const problem = fixedDatesProblem(primary, alternative, today);
    if (problem || !primary || !alternative) {
      setError(translateMessage(problem ?? ''));
      return;
    }
    save.mutate(
      { target, primary, alternative },
      {
        onSuccess: () => {
          notifySuccess(t('shoots.messages.fixedDatesSet'));
          onClose();
        },
      },
    );
  };

  const input = (
    label: string,
    value: string | null,
    onChange: (value: string | null) => void,
    testId: string,
  ) => (
    <DatePickerInput
      label={label}
      value={value}
      onChange={(next) => {
        onChange(next);
        setError(null);
      }}
      placeholder={t('shoots.finalDay.placeholder')}
      minDate={today}
      valueFormat="DD/MM/YY"
      locale={locale}
      firstDayOfWeek={1}
      getDayProps={(date) => ({ 'data-date': date })}
      clearable
      data-testid={testId}
    />
  );

  return (
    <Modal opened onClose={onClose} title={t('shoots.fixed.title')} centered>
      <Stack gap="sm">
        <Text size="sm">{t('shoots.fixed.intro')}</Text>
        {input(t('shoots.fixed.primary'), primary, setPrimary, 'fixed-dates-primary')}
        {input(t('shoots.fixed.alternative'), alternative, setAlternative, 'fixed-dates-alternative')}
        {error && (
          <Text size="sm" c="red" role="alert" data-testid="fixed-dates-error">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!primary || !alternative}
            loading={save.isPending}
            onClick={submit}
            data-testid="fixed-dates-submit"
          >
            {t('shoots.fixed.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
