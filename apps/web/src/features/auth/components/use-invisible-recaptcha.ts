import { useCallback, useEffect, useRef } from 'react';

interface Grecaptcha {
  ready: (cb: () => void) => void;
  render: (container: HTMLElement, params: Record<string, unknown>) => number;
  execute: (widgetId: number) => void;
  reset: (widgetId: number) => void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_SRC = 'https://www.google.com/recaptcha/api.js?render=explicit';
let scriptPromise: Promise<Grecaptcha> | null = null;

/** Google's script is only loaded when the server configures a site key (CSP otherwise stays self-only). */
function loadRecaptcha(): Promise<Grecaptcha> {
  scriptPromise ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const g = window.grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('reCAPTCHA failed to load'));
    };
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error('reCAPTCHA failed to load'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

interface Pending {
  resolve: (token: string) => void;
  reject: (error: Error) => void;
}

/** The invisible bot check run on submit; resolves '' when no site key is configured. */
export function useInvisibleRecaptcha(siteKey: string | null | undefined) {
  const containerRef = useRef<HTMLDivElement>(null);
  const widgetId = useRef<number | null>(null);
  const pending = useRef<Pending | null>(null);

  useEffect(() => {
    if (!siteKey) return;
    let cancelled = false;
    loadRecaptcha()
      .then((g) => {
        const container = containerRef.current;
        if (cancelled || !container || widgetId.current !== null) return;
        widgetId.current = g.render(container, {
          sitekey: siteKey,
          size: 'invisible',
          callback: (token: string) => pending.current?.resolve(token),
          'error-callback': () => pending.current?.reject(new Error('reCAPTCHA error')),
          'expired-callback': () => pending.current?.reject(new Error('reCAPTCHA expired')),
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  const execute = useCallback(async (): Promise<string> => {
    if (!siteKey) return '';
    const g = await loadRecaptcha();
    const id = widgetId.current;
    if (id === null) throw new Error('reCAPTCHA not ready');
    return new Promise<string>((resolve, reject) => {
      pending.current = { resolve, reject };
      g.reset(id);
      g.execute(id);
    });
  }, [siteKey]);

  return { containerRef, execute };
}
