import { IMAGE_MIME_TYPES, imageSizeError, isAllowedImageType, MESSAGES } from '@ampelos/domain';
import { Avatar, type AvatarProps, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import { translateMessage } from '../lib/i18n.ts';
import { notifyError } from '../lib/notify.ts';

interface ImageEditorProps {
  /** The current image, or null to show `fallback`. */
  src: string | null;
  /** Initials or an icon shown while there is no image. */
  fallback: ReactNode;
  labels: { alt: string; upload: string; remove: string; hint: string };
  /** Prefix of the test ids: `<prefix>`, `<prefix>-input`, `<prefix>-upload`, `<prefix>-remove`. */
  testId: string;
  /** Without it the image is shown without its buttons. */
  canEdit?: boolean;
  size?: 'sm' | 'lg';
  radius?: AvatarProps['radius'];
  uploading: boolean;
  removing: boolean;
  onUpload: (file: File, done: () => void) => void;
  onRemove: () => void;
}

/** An avatar or logo with upload (at most 2 MB, images only) and removal: profile, company, companies. */
export function ImageEditor({
  src,
  fallback,
  labels,
  testId,
  canEdit = true,
  size = 'lg',
  radius = 'md',
  uploading,
  removing,
  onUpload,
  onRemove,
}: ImageEditorProps) {
  const resetRef = useRef<() => void>(null);
  const resetInput = () => resetRef.current?.();
  const small = size === 'sm';

  const onFile = (file: File | null) => {
    if (!file) return;
    // Spec section 5: refused before any upload ("Please choose an image less than 2 MB"); the input resets.
    const problem = imageSizeError(file.size) ?? (isAllowedImageType(file.type) ? null : MESSAGES.imageType);
    if (problem) {
      notifyError(translateMessage(problem));
      resetInput();
      return;
    }
    onUpload(file, resetInput);
  };

  const image = (
    <Avatar
      src={src}
      size={small ? 72 : 96}
      radius={radius}
      color="grape"
      alt={labels.alt}
      data-testid={testId}
    >
      {fallback}
    </Avatar>
  );
  if (!canEdit) return image;
  const buttonSize = small ? 'xs' : 'sm';
  const iconSize = small ? 14 : 16;
  return (
    <Group align="center" gap={small ? 'md' : 'lg'}>
      {image}
      <Stack gap={small ? 4 : 'xs'}>
        <Group gap="xs">
          <FileButton
            onChange={onFile}
            accept={IMAGE_MIME_TYPES.join(',')}
            resetRef={resetRef}
            inputProps={{ 'aria-label': labels.upload, ...{ 'data-testid': `${testId}-input` } }}
          >
            {(props) => (
              <Button
                {...props}
                size={buttonSize}
                variant="light"
                leftSection={<IconUpload size={iconSize} />}
                loading={uploading}
                data-testid={`${testId}-upload`}
              >
                {labels.upload}
              </Button>
            )}
          </FileButton>
          {src && (
            <Button
              size={buttonSize}
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={iconSize} />}
              loading={removing}
              onClick={onRemove}
              data-testid={`${testId}-remove`}
            >
              {labels.remove}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {labels.hint}
        </Text>
      </Stack>
    </Group>
  );
}
