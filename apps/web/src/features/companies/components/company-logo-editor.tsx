import type { CompanyListView } from '@ampelos/domain';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ImageEditor } from '../../../components/image-editor.tsx';
import { useRemoveCompanyLogo } from '../api/remove-company-logo.ts';
import { useUploadCompanyLogo } from '../api/upload-company-logo.ts';

interface CompanyLogoEditorProps {
  company: CompanyListView;
  /** Companies:update (administrators): upload and remove; others see the logo only. */
  canEdit: boolean;
}

/** A company's logo in the Companies panel, with upload and removal for administrators. */
export function CompanyLogoEditor({ company, canEdit }: CompanyLogoEditorProps) {
  const { t } = useTranslation();
  const upload = useUploadCompanyLogo();
  const remove = useRemoveCompanyLogo();
  return (
    <ImageEditor
      src={company.avatar?.md ?? company.avatar?.xs ?? null}
      fallback={<IconBuilding size={32} stroke={1.5} />}
      size="sm"
      labels={{
        alt: t('company.avatarAlt'),
        upload: t('company.uploadAvatar'),
        remove: t('company.removeAvatar'),
        hint: t('company.avatarHint'),
      }}
      testId="company-logo"
      canEdit={canEdit}
      uploading={upload.isPending}
      removing={remove.isPending}
      onUpload={(file, done) => upload.mutate({ uuid: company.uuid, file }, { onSettled: done })}
      onRemove={() => remove.mutate(company.uuid)}
    />
  );
}
