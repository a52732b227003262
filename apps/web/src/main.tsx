import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import './app/calendar-days.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

// A screen's chunk that fails to load is usually one of a release replaced meanwhile: then load the new
// index.html once (a second failure on the same page shows the error page with its Reload button). A
// file that is still there failed for another reason (a slow or dropped request): the page stays as it
// is, with what the user has open, and the module itself is still imported.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  const failed = /(\/assets\/[^\s'"]+)/.exec(String((event as Event & { payload?: unknown }).payload))?.[1];
  console.warn('a file of the app did not load', failed ?? '');
  void (async () => {
    if (failed) {
      const still = await fetch(failed, { method: 'HEAD', cache: 'no-store' }).catch(() => null);
      if (still === null || still.ok) return;
    }
    const key = 'ampelos.reloadedAfterChunkError';
    try {
      if (sessionStorage.getItem(key) === window.location.pathname) return;
      sessionStorage.setItem(key, window.location.pathname);
    } catch {
      return;
    }
    window.location.reload();
  })();
});

/**
 * The built index.html starts this module from its inline script (first-paint.js), which may be before
 * the page has parsed #root or its stylesheet has arrived: wait for both, so the first render is styled.
 */
async function pageReady(): Promise<void> {
  if (document.readyState === 'loading')
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.sheet,
  );
  await Promise.all(
    pending.map(
      (link) =>
        new Promise((resolve) => {
          link.addEventListener('load', resolve, { once: true });
          link.addEventListener('error', resolve, { once: true });
        }),
    ),
  );
}

// Not a top-level await: the bundler cannot then count on the entry having run before a screen's
// chunk does, and splits everything they share out of it (the sign-in page went from 24 requests to 47,
// 10 KB more after compression).
void pageReady().then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
