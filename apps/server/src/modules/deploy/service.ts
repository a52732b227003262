import { PassThrough } from 'node:stream';
import { can, DEPLOY_MESSAGES, type DeployRunView, type DeployStatusView } from '@ampelos/domain';
import type { Config } from '../../platform/config.ts';
import { AppError, forbidden } from '../../platform/http/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { callDeployWebhook, type DeployResult, runDeployCommand } from './runner.ts';

/** More output than this is not sent (the deploy still runs to its end). */
export const DEPLOY_OUTPUT_LIMIT = 2 * 1024 * 1024;

export interface DeployRunners {
  command: typeof runDeployCommand;
  webhook: typeof callDeployWebhook;
}

/**
 * The production deploy of the dashboard's Settings: the configured command (or webhook), one at a time
 * per server, for Deploy:create holders, audited with its outcome. It runs to its end even when the
 * browser that started it goes away.
 */
export function createDeployService(deps: {
  config: Config['deploy'];
  audit: AuditRecorder;
  logger: Logger;
  runners?: DeployRunners;
}) {
  const runners = deps.runners ?? { command: runDeployCommand, webhook: callDeployWebhook };
  const method = deps.config.command ? 'command' : deps.config.webhookUrl ? 'webhook' : null;
  let running = false;
  let lastRun: DeployRunView | null = null;

  function allow(auth: AuthContext) {
    if (!can(auth.view.permissions, 'create', 'Deploy')) throw forbidden();
  }

  return {
    status(auth: AuthContext): DeployStatusView {
      allow(auth);
      return { configured: method !== null, method, running, lastRun };
    },

    /** Starts the deploy and answers its output as a text stream ending with the outcome. */
    start(auth: AuthContext): PassThrough {
      allow(auth);
      if (!method) throw new AppError(503, DEPLOY_MESSAGES.notConfigured);
      if (running) throw new AppError(409, DEPLOY_MESSAGES.alreadyRunning);
      running = true;
      const stream = new PassThrough();
      let sent = 0;
      const output = {
        write(text: string) {
          if (stream.destroyed || stream.writableEnded || sent >= DEPLOY_OUTPUT_LIMIT) return;
          const room = DEPLOY_OUTPUT_LIMIT - sent;
          const part = text.length > room ? `${text.slice(0, room)}\n[output cut]\n` : text;
          sent += part.length;
          stream.write(part);
        },
      };
      const requestedBy = `${auth.user.firstName} ${auth.user.lastName}`;
      const started = Date.now();
      deps.logger.info({ method, by: auth.user.uuid }, 'deploy started');
      output.write(`Deploy to production (${method}) started by ${requestedBy}\n\n`);
      const options = { output, timeoutMs: deps.config.timeoutMs, requestedBy };
      const run: Promise<DeployResult> =
        method === 'command'
          ? runners.command(deps.config.command as string, options)
          : runners.webhook(deps.config.webhookUrl as string, options);
      void run
        .catch((error: unknown): DeployResult => {
          deps.logger.error({ err: error }, 'deploy failed to run');
          return { ok: false, code: null };
        })
        .then(async (result) => {
          const outcome = result.ok ? 'succeeded' : 'failed';
          lastRun = { at: new Date().toISOString(), by: requestedBy, method, outcome, code: result.code };
          const label = method === 'command' ? 'exit code' : 'HTTP status';
          output.write(`\n[${outcome}: ${label} ${result.code ?? 'none'}]\n`);
          deps.logger.info({ method, outcome, code: result.code }, 'deploy finished');
          await deps.audit.record(auth.user, {
            action: 'deploy.production',
            target: { type: 'deploy', id: 'production', label: 'production' },
            details: {
              method,
              outcome,
              code: result.code,
              seconds: Math.round((Date.now() - started) / 1000),
            },
          });
        })
        .finally(() => {
          running = false;
          if (!stream.destroyed) stream.end();
        });
      return stream;
    },
  };
}
export type DeployService = ReturnType<typeof createDeployService>;
