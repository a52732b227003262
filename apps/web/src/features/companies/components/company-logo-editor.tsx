import {
  type CompanyListView,
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
import { useRemoveCompanyLogo } from '../api/remove-company-logo.ts';
import { useUploadCompanyLogo } from '../api/upload-company-logo.ts';

interface CompanyLogoEditorProps {
  company: CompanyListView;
  /** Companies:update (administrators): upload and remove; others see the logo only. */
  canEdit: boolean;
}

/** A company's logo in the Companies panel, with upload (at most 2 MB) and removal for administrators. */
export function CompanyLogoEditor({ company, canEdit }: CompanyLogoEditorProps) {
  const { t } = useTranslation();
  const resetRef = useRef<() => void>(null);
  const upload = useUploadCompanyLogo();
  const remove = useRemoveCompanyLogo();
  const src = company.avatar?.md ?? company.avatar?.xs ?? null;

  const onFile = (file: File | null) => {
    if (!file) return;
    // Spec section 5: refused before any upload ("Please choose an image less than 2 MB"); the input resets.
    const problem = imageSizeError(file.size) ?? (isAllowedImageType(file.type) ? null : MESSAGES.imageType);
    if (problem) {
      notifyError(translateMessage(problem));
      resetRef.current?.();
      return;
    }
    upload.mutate({ uuid: company.uuid, file }, { onSettled: () => resetRef.current?.() });
  };

  const logo = (
    <Avatar
      src={src}
      size={72}
      radius="md"
      color="grape"
      alt={t('company.avatarAlt')}
      data-testid="company-logo"
    >
      <IconBuilding size={32} stroke={1.5} />
    </Avatar>
  );
  if (!canEdit) return logo;
  return (
    <Group align="center" gap="md">
      {logo}
      <Stack gap={4}>
        <Group gap="xs">
          <FileButton
            onChange={onFile}
            accept={IMAGE_MIME_TYPES.join(',')}
            resetRef={resetRef}
            inputProps={{
              'aria-label': t('company.uploadAvatar'),
              ...{ 'data-testid': 'company-logo-input' },
            }}
          >
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
                data-testid="company-logo-upload"
              >
                {t('company.uploadAvatar')}
              </Button>
            )}
          </FileButton>
          {src && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              loading={remove.isPending}
              onClick={() => remove.mutate(company.uuid)}
              data-testid="company-logo-remove"
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
