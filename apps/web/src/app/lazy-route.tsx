import { type ComponentType, lazy, Suspense } from 'react';
import { FullPageLoader } from '../components/full-page-loader.tsx';

/**
 * A route whose screen is its own chunk, fetched the first time the route is shown, with the
 * full-page loader meanwhile. `load` must be an `import()` of the route's module so that the bundler
 * splits it; the chunk's libraries (maps, charts, viewers) come with it and nowhere else.
 */
export function lazyRoute<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  const Screen = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Screen />
    </Suspense>
  );
}
