import type { BoxAnnotationInput, BoxUpdateView, ReportResultsView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { reportResultsQueryKey } from './get-report-results.ts';

/** Every failure reads the spec's one sentence (section 8), so the client shows no other alert. */
const HANDLED = [0, 400, 403, 404, 409, 413, 429, 500, 502, 503, 504];

/** `POST /api/reports/update/bbox`: a stress factor and comment on a box, or a box the user drew. */
export function annotateBox(input: BoxAnnotationInput) {
  return api.post<BoxUpdateView>('/reports/update/bbox', input, { handledStatuses: HANDLED });
}

/** Puts the saved box into the cached results (removed when the server answers null). */
function mergeBox(results: ReportResultsView, saved: BoxUpdateView['data'], boxId: string | undefined) {
  return {
    ...results,
    photos: results.photos.map((photo) => {
      if (photo.base !== saved.base) return photo;
      const others = photo.boxes.filter((box) => box.id !== (saved.box?.id ?? boxId));
      const exists = saved.box && photo.boxes.some((box) => box.id === saved.box?.id);
      if (!saved.box) return { ...photo, boxes: others };
      return {
        ...photo,
        boxes: exists
          ? photo.boxes.map((box) => (box.id === saved.box?.id ? (saved.box ?? box) : box))
          : [...photo.boxes, saved.box],
      };
    }),
  };
}

export function useAnnotateBox() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: annotateBox,
    onSuccess: (answer, input) => {
      queryClient.setQueryData<ReportResultsView>(reportResultsQueryKey(input.reportUuid), (current) =>
        current ? mergeBox(current, answer.data, input.bboxId) : current,
      );
      notifySuccess(t('results.annotation.saved'));
    },
    onError: () => notifyError(t('results.annotation.failed')),
  });
}
