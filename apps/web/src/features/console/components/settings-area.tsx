import { Collapse, Group, Paper, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconMessages, IconPlant2, IconRocket, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuthorization } from '../../../lib/authorization.ts';
import { AgroTab } from './agro-tab.tsx';
import { ChatTab } from './chat-tab.tsx';
import { DeployTab } from './deploy-tab.tsx';

/**
 * The dashboard's collapsible Settings: Agro, Deploy and Chat. The original unlocked them with a password
 * checked in the browser; here each tab is shown by permission and every call is checked on the server.
 * Collapsed, nothing is mounted (no socket stays open).
 */
export function SettingsArea() {
  const { t } = useTranslation();
  const authorization = useAuthorization();
  const [opened, { toggle }] = useDisclosure(false);
  const canDeploy = authorization.can('create', 'Deploy');
  const canChat = authorization.can('read', 'StaffChat');
  const canTail = authorization.can('read', 'ServerLog');
  if (!canDeploy && !canChat) return null;

  return (
    <Paper withBorder p="md" radius="md" data-testid="settings-area">
      <UnstyledButton onClick={toggle} aria-expanded={opened} data-testid="settings-toggle" w="100%">
        <Group justify="space-between">
          <Group gap="xs">
            <IconSettings size={20} />
            <Title order={3} size="h4">
              {t('console.title')}
            </Title>
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {t('console.subtitle')}
            </Text>
          </Group>
          <IconChevronDown
            size={18}
            style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened} keepMounted={false}>
        <Tabs defaultValue={canChat ? 'chat' : 'deploy'} keepMounted={false} mt="md">
          <Tabs.List>
            <Tabs.Tab value="agro" leftSection={<IconPlant2 size={16} />} data-testid="settings-tab-agro">
              {t('console.tabs.agro')}
            </Tabs.Tab>
            {canDeploy && (
              <Tabs.Tab
                value="deploy"
                leftSection={<IconRocket size={16} />}
                data-testid="settings-tab-deploy"
              >
                {t('console.tabs.deploy')}
              </Tabs.Tab>
            )}
            {canChat && (
              <Tabs.Tab value="chat" leftSection={<IconMessages size={16} />} data-testid="settings-tab-chat">
                {t('console.tabs.chat')}
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="agro" pt="md">
            <AgroTab />
          </Tabs.Panel>
          {canDeploy && (
            <Tabs.Panel value="deploy" pt="md">
              <DeployTab />
            </Tabs.Panel>
          )}
          {canChat && (
            <Tabs.Panel value="chat" pt="md">
              <ChatTab showLogs={canTail} />
            </Tabs.Panel>
          )}
        </Tabs>
      </Collapse>
    </Paper>
  );
}
