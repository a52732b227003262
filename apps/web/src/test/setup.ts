import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Only component tests run in jsdom; the plain unit tests of the web project run in Node.
if (typeof window !== 'undefined') {
  // Browser APIs Mantine reads that jsdom does not implement.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => {};
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
