/**
 * The embedded database folder exists but PGlite cannot open it (a disk that filled up mid-write, a
 * copy taken while the server ran, a folder from another PGlite version). Said in plain words, with
 * the folder and the way back, instead of WebAssembly's `RuntimeError: Aborted()`.
 */
export class DamagedDatabaseError extends Error {
  readonly dir: string;
  constructor(dir: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      [
        `The embedded database in ${dir} cannot be opened: it looks damaged (${reason || 'no detail'}).`,
        'Nothing was changed. With the server stopped, restore your latest backup:',
        '  npm run restore -- --from ampelos-backup-<time>.tar.gz --force',
        '(--force moves the damaged data aside first and puts it back if the restore fails; see docs/deploy.md, "Backups".)',
        `Without a backup: move ${dir} aside (keep it) and start again with an empty database.`,
      ].join('\n'),
      { cause },
    );
    this.name = 'DamagedDatabaseError';
    this.dir = dir;
  }
}

/** PGlite's WebAssembly runtime aborting (`RuntimeError: Aborted()`) means its files could not be read. */
export function isPgliteAbort(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'RuntimeError' || /Aborted\(\)|PGlite failed to initiali[sz]e/.test(error.message))
  );
}
