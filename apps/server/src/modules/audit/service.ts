import { type AuditAction, type AuditQuery, can } from '@ampelos/domain';
import { forbidden } from '../../platform/http/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { AuditPage } from './presenter.ts';
import type { AuditRepository } from './repository.ts';

/** Who acted, as the services know them (the signed-in user). */
export interface AuditActor {
  id: number;
  firstName: string;
  lastName: string;
  role: string;
}

export interface AuditEvent {
  action: AuditAction;
  target: { type: string; id: string; label?: string | null };
  details?: Record<string, unknown>;
}

/** What other services are given: one call after an action succeeded. */
export interface AuditRecorder {
  record(actor: AuditActor, event: AuditEvent): Promise<void>;
}

export function createAuditService(deps: { audit: AuditRepository; logger: Logger }) {
  return {
    /**
     * Appends an entry after the action committed. A failure here is logged, not thrown: the action
     * happened and the caller must hear so (docs/decisions/platform.md).
     */
    async record(actor: AuditActor, event: AuditEvent) {
      try {
        await deps.audit.insert({
          actorId: actor.id,
          actorName: `${actor.firstName} ${actor.lastName}`.trim(),
          actorRole: actor.role,
          action: event.action,
          targetType: event.target.type,
          targetId: event.target.id,
          targetLabel: event.target.label ?? null,
          details: event.details ?? {},
        });
      } catch (error) {
        deps.logger.error({ err: error, action: event.action }, 'audit entry could not be written');
      }
    },

    /** `GET /audit` (Audit:read): newest first, a page at a time, optionally one action. */
    async page(auth: AuthContext, query: AuditQuery): Promise<AuditPage> {
      if (!can(auth.view.permissions, 'read', 'Audit')) throw forbidden();
      const { rows, total } = await deps.audit.page({
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
        action: query.action,
      });
      return { rows, total, page: query.page, pageSize: query.pageSize };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
