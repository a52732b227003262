import type { CompanyDetailView } from '@ampelos/domain';
import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AddCompanyForm } from './add-company-form.tsx';

/** "Add Company" and the new company panel (Companies:create). */
export function AddCompanyButton({ onCreated }: { onCreated?: (company: CompanyDetailView) => void }) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={modal.open} data-testid="company-add">
        {t('companies.add')}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t('companies.addTitle')} size="lg">
        {opened && <AddCompanyForm onCreated={onCreated} onClose={modal.close} />}
      </Modal>
    </>
  );
}
