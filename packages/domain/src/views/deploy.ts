/** Messages of the production deploy (ours: the spec shows the call only). */
export const DEPLOY_MESSAGES = {
  notConfigured: 'No deploy is configured on this server. Set DEPLOY_COMMAND or DEPLOY_WEBHOOK_URL.',
  alreadyRunning: 'A deploy is already running',
} as const;

export type DeployMethod = 'command' | 'webhook';

export interface DeployRunView {
  at: string;
  by: string;
  method: DeployMethod;
  outcome: 'succeeded' | 'failed';
  /** The command's exit code, or the webhook's HTTP status (null when it never answered). */
  code: number | null;
}

/** `GET /deploy`: whether the button can be used, and how the last deploy of this process went. */
export interface DeployStatusView {
  configured: boolean;
  method: DeployMethod | null;
  running: boolean;
  lastRun: DeployRunView | null;
}
