import { STAFF_CHAT_MAX_CHARS, type StaffChatMessage } from '@ampelos/domain';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Box,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../lib/auth.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useConsoleSocket } from '../api/console-socket.ts';
import { formatLogLine } from '../log-line.ts';

const LEVEL_COLOURS: Record<string, string> = {
  info: 'teal.4',
  warn: 'yellow.4',
  error: 'red.4',
  fatal: 'red.4',
};

const AVATAR_COLOURS = ['grape', 'blue', 'teal', 'orange', 'pink', 'indigo', 'green', 'cyan'];

/** The same person keeps the same colour (from their uuid). */
function colourOf(uuid: string): string {
  let hash = 0;
  for (const char of uuid) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? 'grape';
}

function useScrollToEnd(dependency: unknown) {
  const viewport = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the list grows
  useEffect(() => {
    if (viewport.current) viewport.current.scrollTop = viewport.current.scrollHeight;
  }, [dependency]);
  return viewport;
}

function ChatLine({ message, mine }: { message: StaffChatMessage; mine: boolean }) {
  const { i18n } = useTranslation();
  const time = new Date(message.sentAt).toLocaleTimeString(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid="chat-message" data-mine={mine || undefined}>
      <Avatar color={colourOf(message.authorUuid)} radius="xl" size="md" title={message.name}>
        {message.initials}
      </Avatar>
      <Box style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {message.name} · {time}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text}
        </Text>
      </Box>
    </Group>
  );
}

/** Chat among staff (initials and message, live) and, for those allowed, the server's log lines. */
export function ChatTab({ showLogs }: { showLogs: boolean }) {
  const { t, i18n } = useTranslation();
  const { data: me } = useUser();
  const { state, say } = useConsoleSocket(showLogs ? ['chat', 'logs'] : ['chat']);
  const [draft, setDraft] = useState('');
  const [notSent, setNotSent] = useState(false);
  const chatViewport = useScrollToEnd(state.chat.length);
  const logViewport = useScrollToEnd(state.logs);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    if (say(text)) {
      setDraft('');
      setNotSent(false);
    } else {
      setNotSent(true);
    }
  };

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: showLogs ? 5 : 12 }}>
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" mb="xs">
            <Title order={4} size="h5">
              {t('console.chat.title')}
            </Title>
            <Badge color={state.connected ? 'green' : 'gray'} variant="light" data-testid="chat-connection">
              {state.connected ? t('console.chat.live') : t('console.chat.connecting')}
            </Badge>
          </Group>
          <ScrollArea
            h={300}
            viewportRef={chatViewport}
            viewportProps={{ tabIndex: 0, role: 'log', 'aria-label': t('console.chat.title') }}
            type="auto"
          >
            <Stack gap="sm" data-testid="chat-messages" pr="sm">
              {state.chat.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('console.chat.empty')}
                </Text>
              )}
              {state.chat.map((message) => (
                <ChatLine key={message.id} message={message} mine={message.authorUuid === me?.uuid} />
              ))}
            </Stack>
          </ScrollArea>
          {(state.error || notSent) && (
            <Alert color="red" variant="light" mt="xs" data-testid="chat-error">
              {notSent ? t('console.chat.notConnected') : translateMessage(state.error ?? '')}
            </Alert>
          )}
          <form onSubmit={submit}>
            <Group mt="sm" gap="xs" wrap="nowrap">
              <TextInput
                value={draft}
                onChange={(event) => setDraft(event.currentTarget.value)}
                maxLength={STAFF_CHAT_MAX_CHARS}
                placeholder={t('console.chat.placeholder')}
                aria-label={t('console.chat.placeholder')}
                style={{ flex: 1 }}
                data-testid="chat-input"
              />
              <ActionIcon
                type="submit"
                size="lg"
                variant="filled"
                aria-label={t('console.chat.send')}
                disabled={!draft.trim() || state.joined.chat !== true}
                data-testid="chat-send"
              >
                <IconSend size={18} />
              </ActionIcon>
            </Group>
          </form>
        </Paper>
      </Grid.Col>
      {showLogs && (
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="sm" radius="md">
            <Group justify="space-between" mb="xs">
              <Title order={4} size="h5">
                {t('console.logs.title')}
              </Title>
              {state.droppedLines > 0 && (
                <Text size="xs" c="orange" data-testid="server-log-dropped">
                  {t('console.logs.dropped', { count: state.droppedLines })}
                </Text>
              )}
            </Group>
            {/* The log scrolls from the keyboard too (focusable), and is read out as a log. */}
            <ScrollArea
              h={346}
              viewportRef={logViewport}
              viewportProps={{ tabIndex: 0, role: 'log', 'aria-label': t('console.logs.title') }}
              type="auto"
              bg="dark.8"
              style={{ borderRadius: 6 }}
            >
              <Box
                p="xs"
                ff="monospace"
                fz={11}
                c="gray.3"
                style={{ wordBreak: 'break-all' }}
                data-testid="server-log"
                data-lines={state.logs.length}
              >
                {state.logs.length === 0 && <Text size="xs">{t('console.logs.empty')}</Text>}
                {state.logs.map((raw, i) => {
                  const line = formatLogLine(raw, i18n.language);
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional and may repeat
                    <div key={i} data-testid="server-log-line">
                      {line.time && (
                        // Not "dimmed": that grey is made for white backgrounds, the log's is dark.
                        <Text span inherit c="gray.5" mr={6}>
                          {line.time}
                        </Text>
                      )}
                      {line.level && (
                        <Text span inherit c={LEVEL_COLOURS[line.level] ?? 'gray.5'} tt="uppercase" mr={6}>
                          {line.level}
                        </Text>
                      )}
                      {line.text}
                    </div>
                  );
                })}
              </Box>
            </ScrollArea>
          </Paper>
        </Grid.Col>
      )}
    </Grid>
  );
}
