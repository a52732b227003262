import type { UserView } from '@ampelos/domain';
import { useTranslation } from 'react-i18next';
import { ImageEditor } from '../../../components/image-editor.tsx';
import { useRemoveAvatar } from '../api/remove-avatar.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';

export function AvatarEditor({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return (
    <ImageEditor
      src={user.avatar?.md ?? user.avatar?.xs ?? null}
      fallback={initials}
      radius={96}
      labels={{
        alt: t('profile.avatarAlt'),
        upload: t('profile.uploadAvatar'),
        remove: t('profile.removeAvatar'),
        hint: t('profile.avatarHint'),
      }}
      testId="avatar"
      uploading={upload.isPending}
      removing={remove.isPending}
      onUpload={(file, done) => upload.mutate(file, { onSettled: done })}
      onRemove={() => remove.mutate()}
    />
  );
}
