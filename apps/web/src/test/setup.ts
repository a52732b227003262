import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';

// The app fetches each language's catalogue when first needed; tests switch languages at will.
await i18n.loadLanguages(['en', 'el']);
if (!i18n.isInitialized) await new Promise((resolve) => i18n.on('initialized', resolve));

// Only component tests run in jsdom; the plain unit tests of the web project run in Node.
if (typeof window !== 'undefined') {
  // findBy*/waitFor give up after 1 s by default; on a loaded CI machine a render can take longer.
  // A hang guard only: a passing test still returns as soon as the element appears.
  configure({ asyncUtilTimeout: 10_000 });
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
