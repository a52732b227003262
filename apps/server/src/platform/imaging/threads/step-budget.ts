/** A step that ran past its time budget: retrying it would only hold a worker that long again. */
export class StepTimeoutError extends Error {
  override name = 'StepTimeoutError';
}

/**
 * Runs `step` with a time budget. On expiry the caller gets a `StepTimeoutError` at once; the
 * step's own work cannot be interrupted here and finishes or fails unobserved (an analysis thread
 * past its budget is retired by the thread pool, see `analysis-threads.ts`).
 */
export async function withinBudget<T>(seconds: number, what: string, step: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const running = step();
  running.catch(() => undefined);
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(budgetExpired(seconds, what)), seconds * 1000);
  });
  try {
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
  }
}

export const budgetExpired = (seconds: number, what: string) =>
  new StepTimeoutError(`${what} took longer than its budget of ${seconds} s`);
