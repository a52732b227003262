import type { Logger } from '../logger.ts';

export interface BotCheck {
  /** True when the response token proves a human, or when no secret is configured (check disabled). */
  verify(responseToken: string, remoteIp: string): Promise<boolean>;
}

export function createBotCheck(options: { secret?: string; logger: Logger }): BotCheck {
  const { secret } = options;
  if (!secret) return { verify: async () => true };
  return {
    async verify(responseToken, remoteIp) {
      if (!responseToken) return false;
      try {
        const response = await fetch('https://www.google.com/recaptcha/api/siteverify', {
          method: 'POST',
          body: new URLSearchParams({ secret, response: responseToken, remoteip: remoteIp }),
          signal: AbortSignal.timeout(5000),
        });
        const result = (await response.json()) as { success?: boolean };
        return result.success === true;
      } catch (error) {
        // Fail closed: with a secret configured, sign-up must not pass unchecked.
        options.logger.warn({ err: error }, 'bot check unreachable');
        return false;
      }
    },
  };
}
