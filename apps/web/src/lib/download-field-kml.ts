import { useMutation } from '@tanstack/react-query';
import { downloadFile } from './download.ts';

/**
 * `POST /api/reports/download/kml` by field: the outline saved under the name the server gives
 * (`<field title>.kml`). Shared by the field page and the pilot's shoot detail.
 */
export function downloadFieldKml({ fieldId, title }: { fieldId: number; title: string }) {
  return downloadFile({
    method: 'POST',
    path: '/reports/download/kml',
    body: { fieldId },
    accept: 'application/vnd.google-earth.kml+xml',
    fallbackName: `${title || 'field'}.kml`,
  });
}

export function useDownloadFieldKml() {
  return useMutation({ mutationFn: downloadFieldKml });
}
