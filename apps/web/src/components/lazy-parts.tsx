import { Center, Loader, LoadingOverlay } from '@mantine/core';
import { type ReactNode, Suspense, useState } from 'react';

// Dialogs and parts of a screen shown only in some states are `React.lazy` modules (an `import()` the
// bundler splits), so what only they use (forms, pickers, calendars, validation schemas, the uploader)
// is not downloaded with the screen that offers them. These give them the loader while they load.

/**
 * A lazy dialog, mounted from the first time it opens (the page's loader while its module loads) and
 * kept mounted after, so closing keeps its transition.
 */
export function LazyDialog({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={opened && <LoadingOverlay visible pos="fixed" zIndex={300} />}>{children}</Suspense>
  );
}

/** A lazy part of a screen, with a small loader in its place while its module loads. */
export function LazyPanel({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center py="md">
          <Loader size="sm" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
