// The entry of one analysis thread (`analysis-threads.ts` starts it): runs the unit steps it is
// sent, one message each, and answers with the result or the error's name and message.
import { parentPort, workerData } from 'node:worker_threads';
import { createDiskAnalysisCache } from '../analysis/analysis-cache.ts';
import { setPhotoMaxPixels } from '../pixel-limit.ts';
import type { ThreadReply, ThreadRequest, ThreadSettings } from './analysis-threads.ts';
import { detectStep, measureStep } from './unit-steps.ts';

const settings = workerData as ThreadSettings;
const port = parentPort;
if (!port) throw new Error('analysis-thread.ts runs only as a worker thread');
setPhotoMaxPixels(settings.photoMaxPixels);
// Steps run one at a time here and keep nothing of a cache entry past their step.
const cache = createDiskAnalysisCache(settings.cacheDirectory, settings.cacheBytes, {
  reuseReadBuffer: true,
});

async function answer(request: ThreadRequest): Promise<ThreadReply> {
  try {
    if (request.kind === 'clear') {
      await cache.clear(request.prefix);
      return { id: request.id, ok: true, value: null };
    }
    if (request.kind === 'measure')
      return { id: request.id, ok: true, value: await measureStep(request.step, cache) };
    return { id: request.id, ok: true, value: await detectStep(request.step, cache) };
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    // Its kind by name: a class that does not set `name` (ImageTooLargeError) is known by its constructor.
    const name = failure.name === 'Error' ? failure.constructor.name : failure.name;
    const { message, stack } = failure;
    return { id: request.id, ok: false, error: { name, message, stack: stack ?? '' } };
  }
}

port.on('message', (request: ThreadRequest) => {
  void answer(request).then((reply) => {
    port.postMessage(reply, transferable(reply, request));
  });
});

/** The plant layers move to the parent instead of being copied, when they own their whole memory. */
function transferable(reply: ThreadReply, request: ThreadRequest): ArrayBuffer[] {
  if (!reply.ok || request.kind !== 'detect') return [];
  const { layers } = reply.value as { layers: Uint8Array | null };
  const owned = layers && layers.byteOffset === 0 && layers.byteLength === layers.buffer.byteLength;
  return owned ? [layers.buffer as ArrayBuffer] : [];
}
