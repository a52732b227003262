import type { ShootAnswer, ShootsAnswer } from '@ampelos/domain';
import { ApiError, type RequestOptions } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';
import { queryClient } from '../../../lib/react-query.ts';
import { SHOOTS_QUERY_KEY } from './get-shoots.ts';

/** Shoot calls report their own failures (spec section 8: "Something went wrong"); 401 still signs out. */
export const SHOOT_REQUEST: RequestOptions = {
  handledStatuses: [0, 400, 403, 404, 409, 413, 422, 429, 500, 502, 503, 504],
};

/**
 * A refused shoot change shows the server's reason when it gave one (which rule was broken), any
 * other failure "Something went wrong".
 */
export function showShootFailure(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) return;
  const reason =
    error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.messages[0] : undefined;
  notifyError(reason ?? i18n.t('shoots.messages.somethingWentWrong'));
}

/** The answer's shoot replaces the listed one at once; the list, its count and the fields then reload. */
export async function applyShootAnswer(answer: ShootAnswer): Promise<void> {
  queryClient.setQueryData<ShootsAnswer>(SHOOTS_QUERY_KEY, (list) =>
    list
      ? { ...list, data: list.data.map((shoot) => (shoot.uuid === answer.data.uuid ? answer.data : shoot)) }
      : list,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: SHOOTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['fields'] }),
  ]);
}
