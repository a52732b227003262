import type { FieldListView } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';

/** Every fields query starts with this key: invalidating it refreshes the list and each field. */
export const FIELDS_QUERY_KEY = ['fields'] as const;

const HANDLED = [0, 400, 403, 404, 409, 413, 429, 500, 502, 503, 504];

/** The fields the caller may see, newest first. A failure alerts the server's message or "Error getting fields". */
export async function getFields(): Promise<FieldListView> {
  try {
    return await api.get<FieldListView>('/fields', { handledStatuses: HANDLED });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) {
      const fromServer = error.status >= 400 && error.status < 500 ? error.messages[0] : undefined;
      notifyError(fromServer ?? i18n.t('fields.loadError'));
    }
    throw error;
  }
}

export const fieldsQueryOptions = queryOptions({ queryKey: FIELDS_QUERY_KEY, queryFn: getFields });

export function useFields() {
  return useQuery(fieldsQueryOptions);
}
