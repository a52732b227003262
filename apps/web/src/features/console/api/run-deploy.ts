import { api } from '../../../lib/api-client.ts';

/**
 * `GET /api/deploy/production`: starts the deploy and reads its text output as it arrives. A refusal
 * (403, 409 already running, 503 not configured) is shown like every other call and thrown.
 */
export async function runDeploy(onText: (text: string) => void, signal?: AbortSignal): Promise<void> {
  const response = await api.response('GET', '/deploy/production', 'text/plain', { signal });
  if (!response.body) {
    onText(await response.text());
    return;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    onText(decoder.decode(value, { stream: true }));
  }
}
