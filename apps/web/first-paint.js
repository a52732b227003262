// The sign-in page's frame, painted before the app's JavaScript has arrived and run (a phone at the
// edge of a vineyard may wait seconds for it), and the app's start. The build writes this inline into
// index.html (vite.config.ts), so it runs as the page parses with no request of its own; the server
// admits it by its hash in the Content-Security-Policy (apps/server/src/platform/http/security.ts). It
// comes before the app's stylesheet in <body>, so the frame paints without waiting for that. The app
// removes the frame when its first screen is on (app/lazy-route.tsx), or after 15 s anyway.
//
// `app` is the app's entry module and the modules it imports, written in by the build (null while
// developing, where index.html loads /src/main.tsx itself). On /login they are asked for once the frame
// is on screen, so that fetching and compiling them does not hold back its first paint; on every other
// page at once. main.tsx waits for #root and the stylesheet before it renders.
((app) => {
  let started = false;
  const start = () => {
    if (started || !app) return;
    started = true;
    for (const href of app.imports) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app.entry;
    document.head.appendChild(script);
  };
  if (window.location.pathname !== '/login') {
    start();
    return;
  }
  let greek = false;
  try {
    greek = window.localStorage.getItem('ampelos.lang') === 'el';
  } catch {}
  const shell = document.createElement('div');
  shell.id = 'first-paint';
  shell.setAttribute('aria-hidden', 'true');
  shell.innerHTML =
    '<div class="fp-header"><span class="fp-logo">Ampelos</span></div>' +
    '<div class="fp-card"><h2></h2><div class="fp-bar"></div><div class="fp-bar"></div></div>';
  shell.querySelector('h2').textContent = greek ? 'Σύνδεση στο Ampelos' : 'Sign in to Ampelos';
  document.body.appendChild(shell);
  // After the next frame is painted (a task queued from requestAnimationFrame runs after that paint);
  // a page opened in the background paints no frame, hence the timer as well.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 200);
  setTimeout(() => shell.remove(), 15000);
})(null /* app files */);
