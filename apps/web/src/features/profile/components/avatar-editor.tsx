import {
  IMAGE_MIME_TYPES,
  imageSizeError,
  isAllowedImageType,
  MESSAGES,
  type UserView,
} from '@ampelos/domain';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useRemoveAvatar } from '../api/remove-avatar.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';

export function AvatarEditor({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const resetRef = useRef<() => void>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const src = user.avatar?.md ?? user.avatar?.xs ?? null;
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

  const onFile = (file: File | null) => {
    if (!file) return;
    // Spec section 5: refused on the client first; the input resets and nothing is uploaded.
    const problem = imageSizeError(file.size) ?? (isAllowedImageType(file.type) ? null : MESSAGES.imageType);
    if (problem) {
      notifyError(translateMessage(problem));
      resetRef.current?.();
      return;
    }
    upload.mutate(file, { onSettled: () => resetRef.current?.() });
  };

  return (
    <Group align="center" gap="lg">
      <Avatar src={src} size={96} radius={96} color="grape" alt={t('profile.avatarAlt')}>
        {initials}
      </Avatar>
      <Stack gap="xs">
        <Group gap="xs">
          <FileButton
            onChange={onFile}
            accept={IMAGE_MIME_TYPES.join(',')}
            resetRef={resetRef}
            inputProps={{ 'aria-label': t('profile.uploadAvatar'), ...{ 'data-testid': 'avatar-input' } }}
          >
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} />}
                variant="light"
                loading={upload.isPending}
                data-testid="avatar-upload"
              >
                {t('profile.uploadAvatar')}
              </Button>
            )}
          </FileButton>
          {src && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() => remove.mutate()}
              data-testid="avatar-remove"
            >
              {t('profile.removeAvatar')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('profile.avatarHint')}
        </Text>
      </Stack>
    </Group>
  );
}
