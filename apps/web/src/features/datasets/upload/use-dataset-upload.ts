import { DATASET_MAX_BYTES, MESSAGES } from '@ampelos/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { createTransferRate } from './transfer-rate.ts';
import {
  CHUNK_BYTES,
  fingerprintFor,
  RETRY_DELAYS_MS,
  shouldRetry,
  TUS_HEADERS,
  tusErrorMessage,
  UPLOADS_ENDPOINT,
} from './tus-options.ts';

export type QueuedStatus = 'waiting' | 'uploading' | 'paused' | 'done' | 'error';

export interface QueuedFile {
  key: string;
  file: File;
  status: QueuedStatus;
  sent: number;
  error: string | null;
}

export interface UploadFigures {
  totalBytes: number;
  sentBytes: number;
  bytesPerSecond: number | null;
  secondsLeft: number | null;
}

const keyOf = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/**
 * The browser side of a dataset upload: a queue of files sent one after another with tus, a
 * progress figure with speed and time left, pause and resume. A file picked again after a reload
 * continues where it stopped (tus-js-client keeps each upload URL under a fingerprint of report
 * and file). Nothing is sent when the files would take the dataset to 1 TB or more.
 */
export function useDatasetUpload(options: {
  reportUuid: string;
  /** Bytes already in the dataset on the server (its earlier uploads). */
  bytesOnServer: number;
  onFileUploaded: () => void;
}) {
  const { reportUuid, bytesOnServer, onFileUploaded } = options;
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [paused, setPaused] = useState(false);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [figures, setFigures] = useState({
    bytesPerSecond: null as number | null,
    secondsLeft: null as number | null,
  });
  const current = useRef<Upload | null>(null);
  const rate = useRef(createTransferRate());
  const onUploaded = useRef(onFileUploaded);
  onUploaded.current = onFileUploaded;
  const queueRef = useRef(queue);
  queueRef.current = queue;

  const update = useCallback((key: string, changes: Partial<QueuedFile>) => {
    setQueue((items) => items.map((item) => (item.key === key ? { ...item, ...changes } : item)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      setSizeError(null);
      setQueue((items) => {
        const fresh = files.filter((file) => !items.some((item) => item.key === keyOf(file)));
        const queued = items
          .filter((item) => item.status !== 'done')
          .reduce((sum, item) => sum + item.file.size, 0);
        const adding = fresh.reduce((sum, file) => sum + file.size, 0);
        // Spec section 5: checked before any byte is sent (the server checks again).
        if (!(bytesOnServer + queued + adding < DATASET_MAX_BYTES)) {
          setSizeError(MESSAGES.datasetTooLarge);
          return items;
        }
        return [
          ...items,
          ...fresh.map((file) => ({
            key: keyOf(file),
            file,
            status: 'waiting' as const,
            sent: 0,
            error: null,
          })),
        ];
      });
    },
    [bytesOnServer],
  );

  const remove = useCallback((key: string) => {
    setQueue((items) => items.filter((item) => item.key !== key || item.status === 'uploading'));
  }, []);

  /** Sends one file; resumes a previous upload of the same file when the browser remembers one. */
  const send = useCallback(
    async (item: QueuedFile) => {
      // The speed is measured on the bytes of the whole queue, continuous from file to file.
      const before = queueRef.current
        .filter((other) => other.status === 'done')
        .reduce((sum, other) => sum + other.file.size, 0);
      const upload = new Upload(item.file, {
        endpoint: UPLOADS_ENDPOINT,
        metadata: { reportUuid, filename: item.file.name, filetype: item.file.type },
        headers: TUS_HEADERS,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        fingerprint: async (file: File) => fingerprintFor(reportUuid, file),
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onShouldRetry: (error) => shouldRetry(error),
        onProgress: (sent) => {
          update(item.key, { sent });
          rate.current.add(performance.now(), before + sent);
        },
        onSuccess: () => {
          update(item.key, { status: 'done', sent: item.file.size });
          current.current = null;
          onUploaded.current();
        },
        onError: (error) => {
          update(item.key, { status: 'error', error: tusErrorMessage(error) });
          current.current = null;
        },
      });
      const previous = await upload.findPreviousUploads();
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      current.current = upload;
      update(item.key, { status: 'uploading', error: null });
      upload.start();
    },
    [reportUuid, update],
  );

  // One file at a time: the next starts when nothing is uploading and the queue is not paused.
  useEffect(() => {
    if (paused || queue.some((item) => item.status === 'uploading')) return;
    const next = queue.find((item) => item.status === 'waiting');
    if (next) void send(next);
  }, [queue, paused, send]);

  const pause = useCallback(() => {
    setPaused(true);
    const upload = current.current;
    current.current = null;
    setQueue((items) =>
      items.map((item) => (item.status === 'uploading' ? { ...item, status: 'paused' } : item)),
    );
    void upload?.abort();
    rate.current.reset();
  }, []);

  const resume = useCallback(() => {
    rate.current.reset();
    setQueue((items) =>
      items.map((item) =>
        item.status === 'paused' || item.status === 'error' ? { ...item, status: 'waiting' } : item,
      ),
    );
    setPaused(false);
  }, []);

  // Leaving the page stops the transfer; the next visit resumes it from the stored URL.
  useEffect(() => () => void current.current?.abort(), []);

  const totalBytes = queue.reduce((sum, item) => sum + item.file.size, 0);
  const sentBytes = queue.reduce((sum, item) => sum + item.sent, 0);
  useEffect(() => {
    const timer = setInterval(() => {
      setFigures({
        bytesPerSecond: rate.current.bytesPerSecond(),
        secondsLeft: rate.current.secondsLeft(totalBytes - sentBytes),
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [totalBytes, sentBytes]);

  return {
    queue,
    add,
    remove,
    pause,
    resume,
    paused,
    sizeError,
    uploading: queue.some((item) => item.status === 'uploading' || item.status === 'waiting'),
    allDone: queue.length > 0 && queue.every((item) => item.status === 'done'),
    figures: { totalBytes, sentBytes, ...figures } satisfies UploadFigures,
  };
}
