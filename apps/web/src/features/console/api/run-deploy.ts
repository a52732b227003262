import { errorMessagesFor } from '../../../lib/api-errors.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';
import { queryClient, USER_QUERY_KEY } from '../../../lib/react-query.ts';

/**
 * `GET /api/deploy/production`: starts the deploy and reads its text output as it arrives. A refusal
 * (403, 409 already running, 503 not configured) is shown like every other call and thrown.
 */
export async function runDeploy(onText: (text: string) => void, signal?: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/deploy/production', {
      headers: { Accept: 'text/plain, application/json', 'X-Requested-With': 'XMLHttpRequest' },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    for (const message of errorMessagesFor(0, null)) notifyError(translateMessage(message));
    throw new Error('network');
  }
  if (!response.ok) {
    if (response.status === 401) queryClient.setQueryData(USER_QUERY_KEY, null);
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {}
    const messages = errorMessagesFor(response.status, body).map(translateMessage);
    for (const message of messages) notifyError(message);
    throw new Error(messages[0] ?? `status ${response.status}`);
  }
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
