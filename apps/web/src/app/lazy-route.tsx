import { type ComponentType, lazy, type ReactElement, type ReactNode, Suspense, useEffect } from 'react';
import { FullPageLoader } from '../components/full-page-loader.tsx';

const loaders = new WeakMap<ReactElement, () => Promise<unknown>>();

/**
 * A route whose screen is its own chunk, fetched the first time the route is shown, with the
 * full-page loader meanwhile. `load` must be an `import()` of the route's module so that the bundler
 * splits it; the chunk's libraries (maps, charts, viewers) come with it and nowhere else.
 */
export function lazyRoute<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  const Screen = lazy(async () => {
    const Component = (await load())[name] as ComponentType;
    return { default: () => <ShownScreen screen={Component} /> };
  });
  const element = (
    <Suspense fallback={<FullPageLoader />}>
      <Screen />
    </Suspense>
  );
  loaders.set(element, load);
  return element;
}

/** The sign-in frame index.html paints before the app runs (first-paint.js, inline in index.html) gives way. */
export function useRemoveFirstPaint() {
  useEffect(() => document.getElementById('first-paint')?.remove(), []);
}

function ShownScreen({ screen: Screen }: { screen: ComponentType }) {
  useRemoveFirstPaint();
  return <Screen />;
}

/**
 * Starts fetching the chunks of the screens the first URL shows, at once: otherwise each would be
 * asked for only when rendered, after the catalogue and the user have arrived.
 */
export function preloadRouteElements(elements: ReactNode[]): void {
  for (const element of elements) {
    const load = element && typeof element === 'object' && loaders.get(element as ReactElement);
    if (load) void load().catch(() => {});
  }
}
