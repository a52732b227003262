import { Center, createTheme, Loader, MantineProvider } from '@mantine/core';
import { type NotificationsProps, useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { InstallPrompt } from '../features/pwa/components/install-prompt.tsx';
import { i18n, initialLang } from '../lib/i18n.ts';
import { ALERT_MS } from '../lib/notify.ts';
import { queryClient } from '../lib/react-query.ts';
import { readableColors } from './readable-colors.ts';

const theme = createTheme({
  primaryColor: 'grape',
  // Shade 6 gives white button text and links 4.0:1 on white; WCAG AA asks 4.5:1 (grape 8: 5.8:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

/** Mantine's names for the calendar's header controls (its `ariaLabels`). */
const CALENDAR_CONTROLS = [
  'previousMonth',
  'nextMonth',
  'previousYear',
  'nextYear',
  'previousDecade',
  'nextDecade',
  'monthLevelControl',
  'yearLevelControl',
] as const;

/** Follows the language: `<html lang>`, and the theme's texts (the close button of every dialog). */
function useLanguageTheme() {
  const [lang, setLang] = useState(i18n.language);
  // Catalogues arrive after the first render (their own chunks): the dialog texts follow them.
  const [, setCatalogues] = useState(0);
  useEffect(() => {
    const apply = (lng: string) => {
      document.documentElement.lang = lng === 'el' ? 'el' : 'en';
      setLang(lng);
    };
    const loaded = () => setCatalogues((count) => count + 1);
    apply(i18n.language);
    i18n.on('languageChanged', apply);
    i18n.on('loaded', loaded);
    return () => {
      i18n.off('languageChanged', apply);
      i18n.off('loaded', loaded);
    };
  }, []);
  // Mantine's close buttons and calendar arrows are icons with no name for screen readers (axe
  // button-name); every date picker draws its month through Calendar, which takes the arrows' names.
  const closeLabel = i18n.t('dialog.close', { lng: lang });
  const calendarLabels = JSON.stringify(
    Object.fromEntries(
      CALENDAR_CONTROLS.map((control) => [control, i18n.t(`dialog.calendar.${control}`, { lng: lang })]),
    ),
  );
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': closeLabel };
    return createTheme({
      ...theme,
      components: {
        // Plain objects rather than Modal.extend(): importing the components would put them on every page.
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Calendar: { defaultProps: { ariaLabels: JSON.parse(calendarLabels) } },
      },
    });
  }, [closeLabel, calendarLabels]);
}

// The toasts' container (swipe, transitions, scroll lock) is fetched with the first toast: one raised
// before it is there waits in the store (same position and limit as below) and shows when it mounts.
const Notifications = lazy(async () => ({ default: (await import('./toasts.tsx')).Notifications }));

function ToastsWhenAny(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}

/** While the language's catalogue loads (its own chunk), nothing can be translated yet. */
function CatalogueLoader() {
  return (
    <Center h="100vh" data-testid="full-page-loader">
      <Loader size="lg" aria-label={initialLang === 'el' ? 'Φόρτωση' : 'Loading'} />
    </Center>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const languageTheme = useLanguageTheme();
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={languageTheme} defaultColorScheme="light" cssVariablesResolver={readableColors}>
        {/* Bottom right, clear of the header (cart, menu) and of the page's own actions at the top;
            on phones the container spans the width at the bottom. */}
        <ToastsWhenAny position="bottom-right" autoClose={ALERT_MS} limit={5} />
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<CatalogueLoader />}>
            {children}
            <InstallPrompt />
          </Suspense>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
