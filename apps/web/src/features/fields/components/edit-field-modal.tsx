import { editFieldValueOnLoad, type FieldView, fieldUpdateSchema } from '@ampelos/domain';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateField } from '../api/update-field.ts';
import { FIELD_FORM_KEYS, FieldFormFields, type FieldFormValues } from './field-form-fields.tsx';

const editSchema = fieldUpdateSchema.pick(FIELD_FORM_KEYS);

/** Values below 1 (or missing) are raised to 1 when the form loads (spec section 5). */
const valuesOf = (field: FieldView): FieldFormValues => ({
  title: field.title,
  variety: field.variety,
  usedFor: String(field.usedFor === 2 || field.usedFor === 3 ? field.usedFor : 1),
  age: editFieldValueOnLoad(field.age),
  altitude: editFieldValueOnLoad(field.altitude),
  slope: editFieldValueOnLoad(field.slope),
  avgPlantHeight: editFieldValueOnLoad(field.avgPlantHeight),
});

function EditFieldForm({ field, onClose }: { field: FieldView; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateField();
  const form = useForm<FieldFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(field),
    validate: zodValidate(editSchema),
  });

  const onSubmit = (values: FieldFormValues) => {
    const parsed = editSchema.parse(values);
    update.mutate(
      { uuid: field.uuid, ...parsed },
      {
        onSuccess: () => {
          notifySuccess(t('fields.messages.updated'));
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack>
        <FieldFormFields form={form} mode="edit" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} data-testid="field-edit-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EditFieldModal({
  field,
  opened,
  onClose,
}: {
  field: FieldView;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('fields.edit.title')} size="lg">
      {opened && <EditFieldForm key={field.uuid} field={field} onClose={onClose} />}
    </Modal>
  );
}
