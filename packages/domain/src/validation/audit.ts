import { z } from 'zod';
import { AUDIT_ACTIONS } from '../views/audit.ts';

export const AUDIT_PAGE_SIZE = 25;

/** `GET /audit?page=&pageSize=&action=`. */
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
