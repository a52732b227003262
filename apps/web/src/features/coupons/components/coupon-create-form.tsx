import { COMMERCE_MESSAGES, type KeyedMessage } from '@ampelos/domain';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { readErrorPaths } from '../../../lib/api-errors.ts';
import { translateAnswer } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateCoupon } from '../api/create-coupon.ts';
import { type CouponFormValues, couponPayload, EMPTY_COUPON, validateCoupon } from '../coupon-form-values.ts';

const FORM_FIELDS = new Set(Object.keys(EMPTY_COUPON));

/** A new coupon: code, discount %, minimum hectares, the E2E-minimum waiver and an optional validity window. */
export function CouponCreateForm() {
  const { t } = useTranslation();
  const create = useCreateCoupon();
  const form = useForm<CouponFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_COUPON,
    validate: (values) => {
      const keys = validateCoupon(values);
      return Object.fromEntries(
        Object.entries(keys).map(([field, key]) => [field, t(`coupons.errors.${key}`)]),
      );
    },
  });

  /** Server texts in the current language: "already exists" is ours to word, others by their key. */
  const serverText = (answer: KeyedMessage) =>
    answer.msg === COMMERCE_MESSAGES.couponExists ? t('coupons.errors.exists') : translateAnswer(answer);

  const onSubmit = (values: CouponFormValues) =>
    create.mutate(couponPayload(values), {
      onSuccess: ({ data }) => {
        notifySuccess(t('coupons.created', { code: data.code }));
        form.reset();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.status !== 400 && error.status !== 409) return; // the client has alerted already
        for (const { path, ...answer } of readErrorPaths(error.body)) {
          const field = path?.split('.')[0] ?? (error.status === 409 ? 'code' : undefined);
          if (field && FORM_FIELDS.has(field)) form.setFieldError(field, serverText(answer));
          else notifyError(serverText(answer));
        }
      },
    });

  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {t('coupons.create.title')}
      </Title>
      <form onSubmit={form.onSubmit(onSubmit)} noValidate data-testid="coupon-create-form">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <TextInput
              label={t('coupons.fields.code')}
              description={t('coupons.create.codeHint')}
              required
              data-testid="coupon-create-code"
              {...form.getInputProps('code')}
              onChange={(event) => form.setFieldValue('code', event.currentTarget.value.toUpperCase())}
            />
            <NumberInput
              label={t('coupons.fields.discountPercent')}
              required
              min={0}
              max={100}
              decimalScale={2}
              suffix="%"
              data-testid="coupon-create-percent"
              {...form.getInputProps('discountPercent')}
            />
            <NumberInput
              label={t('coupons.fields.minTotalHectares')}
              description={t('coupons.create.minHectaresHint')}
              min={0}
              decimalScale={2}
              data-testid="coupon-create-min-hectares"
              {...form.getInputProps('minTotalHectares')}
            />
            <DayInput
              clearable
              label={t('coupons.fields.validFrom')}
              data-testid="coupon-create-valid-from"
              {...form.getInputProps('validFrom')}
              value={form.values.validFrom}
            />
            <DayInput
              clearable
              label={t('coupons.fields.validTo')}
              description={t('coupons.create.validityHint')}
              data-testid="coupon-create-valid-to"
              {...form.getInputProps('validTo')}
              value={form.values.validTo}
            />
          </SimpleGrid>
          <Group justify="space-between">
            <Checkbox
              label={t('coupons.fields.waivesE2eMinimum')}
              data-testid="coupon-create-waiver"
              {...form.getInputProps('waivesE2eMinimum', { type: 'checkbox' })}
            />
            <Button
              type="submit"
              leftSection={<IconPlus size={16} />}
              loading={create.isPending}
              data-testid="coupon-create-submit"
            >
              {t('coupons.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
