import { Affix, Button, Group, Paper, Text, Transition } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INSTALL_PROMPT_MAX_SHOWS,
  INSTALL_PROMPT_STORAGE_KEY,
  parseShownCount,
  shouldShowInstallPrompt,
} from '../install-prompt-counter.ts';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function readCount(): number {
  try {
    return parseShownCount(localStorage.getItem(INSTALL_PROMPT_STORAGE_KEY));
  } catch {
    return INSTALL_PROMPT_MAX_SHOWS;
  }
}

function writeCount(count: number): void {
  try {
    localStorage.setItem(INSTALL_PROMPT_STORAGE_KEY, String(count));
  } catch {
    // storage blocked: the prompt simply shows this time
  }
}

/** Offers "add to home screen" when the browser allows it, at most 3 times per device. */
export function InstallPrompt() {
  const { t } = useTranslation();
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      const count = readCount();
      if (!shouldShowInstallPrompt(count)) return;
      writeCount(count + 1);
      setDeferred(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      writeCount(INSTALL_PROMPT_MAX_SHOWS);
      setDeferred(null);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const install = async () => {
    if (!deferred) return;
    await deferred.prompt();
    const choice = await deferred.userChoice;
    if (choice.outcome === 'accepted') writeCount(INSTALL_PROMPT_MAX_SHOWS);
    setDeferred(null);
  };

  return (
    <Affix position={{ bottom: 56, left: 16 }}>
      <Transition mounted={deferred !== null} transition="slide-up">
        {(styles) => (
          <Paper style={styles} shadow="md" p="md" withBorder maw={340} data-testid="install-prompt">
            <Text size="sm" mb="sm">
              {t('pwa.prompt')}
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={() => setDeferred(null)}>
                {t('pwa.dismiss')}
              </Button>
              <Button size="xs" onClick={() => void install()}>
                {t('pwa.install')}
              </Button>
            </Group>
          </Paper>
        )}
      </Transition>
    </Affix>
  );
}
