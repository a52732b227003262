import type { AgroFieldQuery, AgroHistoryView } from '@ampelos/domain';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { readHistoryFile } from './history-file.ts';
import type { RunsRepository } from './runs-repository.ts';
import type { AgroService } from './service.ts';

/** Reports of a field looked at for a file, newest first. */
const REPORTS_LOOKED_AT = 20;

/**
 * `GET /agro/history?fieldUuid=`: the agronomy history of a field, from the file of its latest report
 * that has one; `null` when none has. Whoever may see the field may read it (404 otherwise).
 */
export function createHistoryService(deps: {
  agro: Pick<AgroService, 'visibleField'>;
  runs: Pick<RunsRepository, 'reportUuidsOfField'>;
  storage: Storage;
}) {
  return {
    async fieldHistory(auth: AuthContext, query: AgroFieldQuery): Promise<AgroHistoryView | null> {
      const field = await deps.agro.visibleField(auth, query);
      for (const reportUuid of await deps.runs.reportUuidsOfField(field.id, REPORTS_LOOKED_AT)) {
        const file = await readHistoryFile(deps.storage, reportUuid);
        if (file) return { ...file, reportUuid };
      }
      return null;
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
