import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';

/** `POST /api/reports/download/kml` by field: the polygon for the pilot, saved as `<field title>.kml`. */
export function downloadShootKml({ fieldId, title }: { fieldId: number; title: string }) {
  return downloadFile({
    method: 'POST',
    path: '/reports/download/kml',
    body: { fieldId },
    accept: 'application/vnd.google-earth.kml+xml',
    fallbackName: `${title || 'field'}.kml`,
  });
}

export function useDownloadShootKml() {
  return useMutation({ mutationFn: downloadShootKml });
}
