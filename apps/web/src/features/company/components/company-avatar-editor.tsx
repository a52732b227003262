import {
  type CompanyView,
  IMAGE_MIME_TYPES,
  imageSizeError,
  isAllowedImageType,
  MESSAGES,
} from '@ampelos/domain';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconBuilding, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useRemoveCompanyAvatar } from '../api/remove-company-avatar.ts';
import { useUploadCompanyAvatar } from '../api/upload-company-avatar.ts';

interface CompanyAvatarEditorProps {
  company: CompanyView;
  /** Without the update permission the avatar is shown without its buttons. */
  canEdit: boolean;
}

export function CompanyAvatarEditor({ company, canEdit }: CompanyAvatarEditorProps) {
  const { t } = useTranslation();
  const resetRef = useRef<() => void>(null);
  const upload = useUploadCompanyAvatar();
  const remove = useRemoveCompanyAvatar();
  const src = company.avatar?.md ?? company.avatar?.xs ?? null;

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

  const avatar = (
    <Avatar
      src={src}
      size={96}
      radius="md"
      color="grape"
      alt={t('company.avatarAlt')}
      data-testid="company-avatar"
    >
      <IconBuilding size={40} stroke={1.5} />
    </Avatar>
  );
  if (!canEdit) return avatar;

  return (
    <Group align="center" gap="lg">
      {avatar}
      <Stack gap="xs">
        <Group gap="xs">
          <FileButton
            onChange={onFile}
            accept={IMAGE_MIME_TYPES.join(',')}
            resetRef={resetRef}
            inputProps={{
              'aria-label': t('company.uploadAvatar'),
              ...{ 'data-testid': 'company-avatar-input' },
            }}
          >
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} />}
                variant="light"
                loading={upload.isPending}
                data-testid="company-avatar-upload"
              >
                {t('company.uploadAvatar')}
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
              data-testid="company-avatar-remove"
            >
              {t('company.removeAvatar')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('company.avatarHint')}
        </Text>
      </Stack>
    </Group>
  );
}
