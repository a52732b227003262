import type { CompanyView } from '@ampelos/domain';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ImageEditor } from '../../../components/image-editor.tsx';
import { useRemoveCompanyAvatar } from '../api/remove-company-avatar.ts';
import { useUploadCompanyAvatar } from '../api/upload-company-avatar.ts';

interface CompanyAvatarEditorProps {
  company: CompanyView;
  /** Without the update permission the avatar is shown without its buttons. */
  canEdit: boolean;
}

export function CompanyAvatarEditor({ company, canEdit }: CompanyAvatarEditorProps) {
  const { t } = useTranslation();
  const upload = useUploadCompanyAvatar();
  const remove = useRemoveCompanyAvatar();
  return (
    <ImageEditor
      src={company.avatar?.md ?? company.avatar?.xs ?? null}
      fallback={<IconBuilding size={40} stroke={1.5} />}
      labels={{
        alt: t('company.avatarAlt'),
        upload: t('company.uploadAvatar'),
        remove: t('company.removeAvatar'),
        hint: t('company.avatarHint'),
      }}
      testId="company-avatar"
      canEdit={canEdit}
      uploading={upload.isPending}
      removing={remove.isPending}
      onUpload={(file, done) => upload.mutate(file, { onSettled: done })}
      onRemove={() => remove.mutate()}
    />
  );
}
