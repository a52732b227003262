import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AddUserForm, type AddUserFormProps } from './add-user-form.tsx';

type AddUserButtonProps = Omit<AddUserFormProps, 'onClose'>;

/** "Add User" and its panel; offered by the screens only when the caller may give a role. */
export function AddUserButton(props: AddUserButtonProps) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconUserPlus size={16} />} onClick={modal.open} data-testid="user-add">
        {t('users.add')}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t('users.addTitle')} size="lg">
        {/* Mounted only while open, so each opening starts from an empty form. */}
        {opened && <AddUserForm {...props} onClose={modal.close} />}
      </Modal>
    </>
  );
}
