import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface FieldAvatarUpload {
  file: { md: { Location: string }; xs: { Location: string } };
}

/** The map snapshot (PNG) becomes the field avatar; the answer gives the md and xs URLs. */
export const uploadFieldAvatar = (image: Blob) => {
  const body = new FormData();
  body.append('avatar', image, 'field.png');
  return api.post<FieldAvatarUpload>('/field/avatar/upload', body);
};

export function useUploadFieldAvatar() {
  return useMutation({ mutationFn: uploadFieldAvatar });
}
