import type { AgroHistoryFile } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { AGRO_STALE_MS } from './agro-request.ts';

/** A report's `front_agro_weather.json` (served to whoever sees the report); null when it has none. */
export async function getReportHistory(reportUuid: string): Promise<AgroHistoryFile | null> {
  try {
    return await api.get<AgroHistoryFile>(
      `/reports/${encodeURIComponent(reportUuid)}/files/data_files/front_agro_weather.json`,
      { handledStatuses: [0, 401, 403, 404, 500, 502, 503, 504] },
    );
  } catch {
    return null;
  }
}

export function useReportHistory(reportUuid: string) {
  return useQuery({
    queryKey: ['agro', 'report-history', reportUuid],
    queryFn: () => getReportHistory(reportUuid),
    staleTime: AGRO_STALE_MS,
    retry: false,
  });
}
