import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { InstallPrompt } from '../features/pwa/components/install-prompt.tsx';
import { i18n } from '../lib/i18n.ts';
import { ALERT_MS } from '../lib/notify.ts';
import { queryClient } from '../lib/react-query.ts';

const theme = createTheme({
  primaryColor: 'grape',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

function useDocumentLang() {
  useEffect(() => {
    const apply = (lng: string) => {
      document.documentElement.lang = lng === 'el' ? 'el' : 'en';
    };
    apply(i18n.language);
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, []);
}

export function AppProvider({ children }: { children: ReactNode }) {
  useDocumentLang();
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-right" autoClose={ALERT_MS} limit={5} />
        <QueryClientProvider client={queryClient}>
          {children}
          <InstallPrompt />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
