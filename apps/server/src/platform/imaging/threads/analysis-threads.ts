import { type ResourceLimits, Worker } from 'node:worker_threads';
import { createDiskAnalysisCache } from '../analysis/analysis-cache.ts';
import type { Measurement } from '../types.ts';
import { budgetExpired } from './step-budget.ts';
import { setThreadHeapStart } from './thread-heap.ts';
import type { DetectResult, DetectStep, MeasureStep } from './unit-steps.ts';

/** What every analysis thread is started with (also the settings of the in-thread analysis cache). */
export interface ThreadSettings {
  cacheDirectory: string;
  /** Each thread's share of the analysis cache. */
  cacheBytes: number;
  photoMaxPixels: number;
}

export type ThreadRequest =
  | { id: number; kind: 'measure'; step: MeasureStep }
  | { id: number; kind: 'detect'; step: DetectStep }
  | { id: number; kind: 'clear'; prefix: string };

export type ThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; stack: string } };

/** How long one step may take, and what it is called in the error when it takes longer. */
export interface StepBudget {
  seconds: number;
  what: string;
}

/**
 * The analysis steps, run in worker threads. The per-pixel passes of a photo take the CPU for
 * hundreds of milliseconds at a time: in a thread they neither hold the API's event loop (the
 * embedded default runs jobs in the API process) nor make V8's full garbage collections mark the
 * server's whole heap, and a thread that dies (out of memory on a hostile photo) takes only its
 * step down: the job gets an error and retries, the process goes on.
 */
export interface AnalysisThreads {
  measure(step: MeasureStep, budget: StepBudget): Promise<Measurement>;
  detect(step: DetectStep, budget: StepBudget): Promise<DetectResult>;
  /** Threads alive now (busy or idle). */
  liveThreads(): number;
  /** Forgets a dataset's phase-1 entries (every thread's share of the cache). */
  clear(prefix: string): Promise<void>;
  close(): Promise<void>;
}

interface Task {
  request: ThreadRequest;
  budget: StepBudget | null;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | undefined;
  /** Ends the thread once it has waited `idleSeconds` for a step. */
  idle: NodeJS.Timeout | undefined;
}

// tsx's loader when the server runs from its TypeScript sources (raster code uses syntax Node's
// own type stripping does not take): inherited from the parent's options (`npm start`), else
// (a test runner with its own loader) given alone, since V8 flags are refused in a worker's
// options (they apply to the whole process anyway).
const ENTRY = new URL(`./analysis-thread${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
const needsLoader = ENTRY.pathname.endsWith('.ts') && !process.execArgv.some((arg) => arg.includes('tsx'));
const workerOptions = needsLoader ? { execArgv: ['--import', 'tsx'] } : {};

export function createAnalysisThreads(options: {
  threads: number;
  cacheDirectory: string;
  cacheBytes: number;
  photoMaxPixels: number;
  /**
   * How long an idle thread lives (default 30 s): its working buffers (a few hundred MB for large
   * photos) go with it, and a new one starts in about a second.
   */
  idleSeconds?: number;
  /** Each thread's V8 heap limits (Node's defaults when not given). */
  resourceLimits?: ResourceLimits;
  /** A thread that stopped or was retired; its step failed with the error given. */
  onThreadLost?: (error: Error) => void;
}): AnalysisThreads {
  const count = Math.max(1, options.threads);
  const idleMs = (options.idleSeconds ?? 30) * 1000;
  const settings: ThreadSettings = {
    cacheDirectory: options.cacheDirectory,
    cacheBytes: Math.floor(options.cacheBytes / count),
    photoMaxPixels: options.photoMaxPixels,
  };
  // Clears the directory whatever the threads hold; they each forget their share's accounting.
  const mainCache = createDiskAnalysisCache(options.cacheDirectory, 0);
  const threads: Thread[] = [];
  /** Threads past a step's budget, still finishing it. */
  const retired = new Set<Thread>();
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  function start(): Thread {
    setThreadHeapStart();
    const worker = new Worker(ENTRY, {
      workerData: settings,
      ...workerOptions,
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
    });
    // An idle thread never keeps the process alive; a running step is awaited by its job.
    worker.unref();
    const thread: Thread = { worker, task: null, timer: undefined, idle: undefined };
    worker.on('message', (reply: ThreadReply) => finish(thread, reply));
    worker.on('error', (error) => lose(thread, error));
    worker.on('exit', (code) => lose(thread, new Error(`analysis thread stopped (exit code ${code})`)));
    threads.push(thread);
    return thread;
  }

  function dispatch() {
    while (queue.length > 0 && !closed) {
      const thread = threads.find((t) => t.task === null) ?? (threads.length < count ? start() : undefined);
      if (!thread) return;
      const task = queue.shift() as Task;
      clearTimeout(thread.idle);
      thread.task = task;
      if (task.budget) {
        const { seconds, what } = task.budget;
        thread.timer = setTimeout(
          () => retire(thread, budgetExpired(seconds, what), seconds * 1000),
          seconds * 1000,
        );
      }
      thread.worker.postMessage(task.request);
    }
  }

  function settle(thread: Thread): Task | null {
    const { task } = thread;
    clearTimeout(thread.timer);
    thread.task = null;
    return task;
  }

  function finish(thread: Thread, reply: ThreadReply) {
    // A retired thread's late answer: its step already failed; the thread goes now.
    if (!threads.includes(thread)) {
      if (reply.id !== 0) stop(thread);
      return;
    }
    // Answers to `clear` (id 0) settle nothing.
    if (reply.id !== thread.task?.request.id) return;
    const task = settle(thread) as Task;
    if (reply.ok) task.resolve(reply.value);
    else task.reject(Object.assign(new Error(reply.error.message), reply.error));
    dispatch();
    if (thread.task === null) thread.idle = setTimeout(() => endIdle(thread), idleMs).unref();
  }

  function endIdle(thread: Thread) {
    const index = threads.indexOf(thread);
    if (index < 0 || thread.task !== null) return;
    threads.splice(index, 1);
    void thread.worker.terminate();
  }

  /** Out of the pool: its step fails; a new thread takes the next step. */
  function drop(thread: Thread, error: Error) {
    const index = threads.indexOf(thread);
    if (index < 0) return;
    threads.splice(index, 1);
    const task = settle(thread);
    if (task) {
      task.reject(error);
      options.onThreadLost?.(error);
    }
    dispatch();
  }

  function lose(thread: Thread, error: Error) {
    drop(thread, new Error(`analysis thread stopped: ${error.message}`));
  }

  /**
   * Past its budget: the step fails at once and the thread leaves the pool, to be terminated
   * when its step ends (terminating a thread inside a libvips call can take the process down).
   * A step still running after another budget (a minute at least) is stuck, a loop that never
   * ends: terminated then.
   */
  function retire(thread: Thread, error: Error, budgetMs: number) {
    drop(thread, error);
    retired.add(thread);
    setTimeout(() => stop(thread), Math.max(budgetMs, 60_000)).unref();
  }

  function stop(thread: Thread) {
    retired.delete(thread);
    void thread.worker.terminate();
  }

  function run<T>(request: ThreadRequest, budget: StepBudget | null): Promise<T> {
    if (closed) return Promise.reject(new Error('analysis threads closed'));
    return new Promise<T>((resolve, reject) => {
      queue.push({ request, budget, resolve: resolve as (value: unknown) => void, reject });
      dispatch();
    });
  }

  return {
    measure: (step, budget) => run({ id: nextId++, kind: 'measure', step }, budget),
    async detect(step, budget) {
      const result = await run<DetectResult>({ id: nextId++, kind: 'detect', step }, budget);
      const { layers } = result;
      // Structured clone hands a Buffer over as a plain Uint8Array.
      return {
        ...result,
        layers: layers && Buffer.from(layers.buffer, layers.byteOffset, layers.byteLength),
      };
    },
    liveThreads: () => threads.length,
    async clear(prefix) {
      await mainCache.clear(prefix);
      for (const thread of threads) thread.worker.postMessage({ id: 0, kind: 'clear', prefix });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('analysis threads closed'));
      const ending = [...threads.splice(0), ...retired];
      retired.clear();
      for (const thread of ending) {
        clearTimeout(thread.idle);
        // A step still running fails now: its thread's exit comes after it left the pool.
        settle(thread)?.reject(new Error('analysis threads closed'));
      }
      await Promise.all(ending.map((thread) => thread.worker.terminate()));
    },
  };
}
