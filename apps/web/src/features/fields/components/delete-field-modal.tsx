import { DELETE_FIELD_WARNING, deleteFieldConfirmationMatches, type FieldView } from '@ampelos/domain';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteField } from '../api/delete-field.ts';

interface DeleteFieldModalProps {
  field: FieldView;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/** The delete button is enabled only when the typed text equals the field title exactly. */
export function DeleteFieldModal({ field, opened, onClose, onDeleted }: DeleteFieldModalProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const remove = useDeleteField();
  const matches = deleteFieldConfirmationMatches(typed, field.title);

  const close = () => {
    setTyped('');
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('fields.delete.title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!matches) return;
          remove.mutate(field.uuid, {
            onSuccess: () => {
              notifySuccess(t('fields.messages.deleted'));
              setTyped('');
              onDeleted();
            },
          });
        }}
        noValidate
      >
        <Stack>
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="field-delete-warning">
            {translateMessage(DELETE_FIELD_WARNING)}
          </Alert>
          <TextInput
            // The title below the label, not in it: with a long title the label ran over three lines.
            label={t('fields.delete.typeTitle')}
            description={field.title}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
            data-testid="field-delete-confirm"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color="red"
              disabled={!matches}
              loading={remove.isPending}
              data-testid="field-delete-submit"
            >
              {t('fields.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
