import { Alert, Button, Center, Loader, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useFindUser } from '../api/find-user.ts';
import { EditUserForm, type EditUserFormProps } from './edit-user-form.tsx';

type EditUserButtonProps = Omit<EditUserFormProps, 'onClose' | 'user'> & {
  uuid: string;
  /** The user as the screen already has it; otherwise it is fetched when the panel opens. */
  user?: EditUserFormProps['user'];
};

function EditUserPanel({ uuid, user, onClose, ...rest }: EditUserButtonProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const found = useFindUser(user ? null : uuid);
  const target = user ?? found.data;
  if (target) return <EditUserForm user={target} onClose={onClose} {...rest} />;
  if (found.isError) {
    const messages = found.error instanceof ApiError ? found.error.messages : [];
    return (
      <Alert color="red" data-testid="user-edit-error">
        {messages.length > 0 ? messages.join(' ') : t('users.loadUserError')}
      </Alert>
    );
  }
  return (
    <Center py="xl">
      <Loader size="sm" />
    </Center>
  );
}

/** "Edit user", offered only for users the server marks editable for the caller (`mayEditUser`). */
export function EditUserButton(props: EditUserButtonProps) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPencil size={14} />}
        onClick={modal.open}
        data-testid="user-edit"
        data-uuid={props.uuid}
      >
        {t('users.edit')}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t('users.editTitle')} size="lg">
        {opened && <EditUserPanel {...props} onClose={modal.close} />}
      </Modal>
    </>
  );
}
