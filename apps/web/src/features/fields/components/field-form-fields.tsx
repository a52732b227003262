import { applyPlantHeightEditMinimum, FIELD_LIMITS } from '@ampelos/domain';
import { Box, Group, NumberInput, Radio, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import classes from './fields.module.css';
import { VarietyPicker } from './variety-picker.tsx';
import { VINEYARD_TYPE_OPTIONS } from './vineyard-type.ts';

export type FieldFormValues = {
  title: string;
  variety: string | null;
  usedFor: string;
  age: number | string;
  altitude: number | string;
  slope: number | string;
  avgPlantHeight: number | string;
};

export const FIELD_FORM_KEYS = {
  title: true,
  variety: true,
  usedFor: true,
  age: true,
  altitude: true,
  slope: true,
  avgPlantHeight: true,
} as const;

interface FieldFormFieldsProps {
  form: UseFormReturnType<FieldFormValues>;
  /** The edit form's plant height range (0.5–500, minimum applied on input) instead of creation's 0–100. */
  mode: 'create' | 'edit';
}

/** The inputs shared by the new-field page and the edit modal (spec section 5 ranges). */
export function FieldFormFields({ form, mode }: FieldFormFieldsProps) {
  const { t } = useTranslation();
  const height = mode === 'edit' ? FIELD_LIMITS.avgPlantHeightEdit : FIELD_LIMITS.avgPlantHeightCreate;
  const title = mode === 'edit' ? FIELD_LIMITS.titleEdit : FIELD_LIMITS.titleCreate;
  const heightProps = form.getInputProps('avgPlantHeight');

  return (
    <>
      <TextInput
        label={t('fields.form.title')}
        required
        maxLength={title.max}
        data-testid="field-title"
        {...form.getInputProps('title')}
      />
      <VarietyPicker
        value={form.getValues().variety}
        onChange={(name) => form.setFieldValue('variety', name)}
        error={form.errors.variety}
      />
      <Radio.Group label={t('fields.form.vineyardType')} required {...form.getInputProps('usedFor')}>
        <Group mt={6} gap="lg">
          {VINEYARD_TYPE_OPTIONS.map((option) => (
            <Radio
              key={option.value}
              value={option.value}
              label={t(`fields.vineyardTypes.${option.key}`)}
              data-testid={`field-type-${option.value}`}
            />
          ))}
        </Group>
      </Radio.Group>
      <Box className={classes.numberGrid} data-testid="field-number-inputs">
        <NumberInput
          label={t('fields.form.age')}
          required
          min={FIELD_LIMITS.age.min}
          max={FIELD_LIMITS.age.max}
          step={FIELD_LIMITS.age.step}
          allowDecimal={false}
          allowNegative={false}
          data-testid="field-age"
          {...form.getInputProps('age')}
        />
        <NumberInput
          label={t('fields.form.altitude')}
          required
          min={FIELD_LIMITS.altitude.min}
          max={FIELD_LIMITS.altitude.max}
          allowNegative={false}
          data-testid="field-altitude"
          {...form.getInputProps('altitude')}
        />
        <NumberInput
          label={t('fields.form.slope')}
          required
          min={FIELD_LIMITS.slope.min}
          max={FIELD_LIMITS.slope.max}
          allowNegative={false}
          data-testid="field-slope"
          {...form.getInputProps('slope')}
        />
        <NumberInput
          label={t('fields.form.plantHeight')}
          required
          min={mode === 'edit' ? 0 : height.min}
          max={height.max}
          step={height.step}
          decimalScale={1}
          allowNegative={false}
          data-testid="field-plant-height"
          {...heightProps}
          onBlur={(event) => {
            heightProps.onBlur?.(event);
            if (mode !== 'edit') return;
            // Edit form: a minimum of 0.5 is applied on input.
            const value = form.getValues().avgPlantHeight;
            if (value === '' || value === null) return;
            const raised = applyPlantHeightEditMinimum(Number(value));
            if (raised !== Number(value)) form.setFieldValue('avgPlantHeight', raised);
          }}
        />
      </Box>
    </>
  );
}
