import type { AuditAction, AuditPageView } from '@ampelos/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface AuditLogQuery {
  page: number;
  pageSize: number;
  action: AuditAction | null;
}

/** `GET /api/audit?page=&pageSize=&action=` (Audit:read). */
export function getAuditLog({ page, pageSize, action }: AuditLogQuery) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (action) params.set('action', action);
  return api.get<AuditPageView>(`/audit?${params}`);
}

export function useAuditLog(query: AuditLogQuery) {
  return useQuery({
    queryKey: ['audit', query.page, query.pageSize, query.action],
    queryFn: () => getAuditLog(query),
    placeholderData: keepPreviousData,
  });
}
