// On a busy machine the server sometimes closes a kept-alive connection just as the next request
// goes out on it ("other side closed", EPIPE): the request never reached a handler, so the long
// scripts outside CI (accessibility, scanners) send it again instead of failing an hour's run.
const RETRIED = new Set(['UND_ERR_SOCKET', 'EPIPE', 'ECONNRESET']);

export function retryClosedConnections(attempts = 3) {
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await original(input, init);
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code ?? '';
        if (attempt >= attempts || !RETRIED.has(code)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  };
}
