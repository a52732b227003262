// The sign-in page's frame, painted before the app's JavaScript has arrived and run (a phone at the
// edge of a vineyard may wait seconds for it). The build writes it inline into index.html (vite.config.ts),
// so it runs as the page parses with no request of its own; the server admits it by its hash in the
// Content-Security-Policy (apps/server/src/platform/http/security.ts). It comes before the app's
// stylesheet in <body>, so the frame paints without waiting for that. The app removes the frame when
// its first screen is on (app/lazy-route.tsx), or after 15 s anyway.
(() => {
  if (window.location.pathname !== '/login') return;
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
  setTimeout(() => shell.remove(), 15000);
})();
