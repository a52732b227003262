import type { Lang } from '@ampelos/domain';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';

/** `GET /api/guides/how-to-fly?lang=`: the "How to Fly with your Drone" PDF in the reader's language. */
export function downloadFlightGuide(lang: Lang) {
  return downloadFile({
    method: 'GET',
    path: `/guides/how-to-fly?lang=${lang}`,
    accept: 'application/pdf',
    fallbackName: lang === 'el' ? 'how-to-fly-el.pdf' : 'how-to-fly.pdf',
  });
}

export function useDownloadFlightGuide() {
  return useMutation({ mutationFn: downloadFlightGuide });
}

/** `POST /api/reports/download/kml` by report: the field's polygon, saved as `<report uuid>.kml`. */
export function downloadReportKml(reportUuid: string) {
  return downloadFile({
    method: 'POST',
    path: '/reports/download/kml',
    body: { reportUuid },
    accept: 'application/vnd.google-earth.kml+xml',
    fallbackName: `${reportUuid}.kml`,
  });
}

export function useDownloadReportKml() {
  return useMutation({ mutationFn: downloadReportKml });
}
