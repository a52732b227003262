import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, type AuditAction, type AuditEntryView } from '@ampelos/domain';
import { Alert, Badge, Group, Pagination, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatCalendarDate } from '../../../lib/format.ts';
import { useRoleLabel } from '../../../lib/role-label.ts';
import { useAuditLog } from '../api/get-audit-log.ts';

const time = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'el' ? 'el-GR' : 'en-US', { hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

/** What changed, in words: a status or role change, who was assigned, which profile fields. */
function useDetails() {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  return (entry: AuditEntryView): string => {
    const d = entry.details as Record<string, unknown>;
    switch (entry.action) {
      case 'order.status':
        return `${t(`orders.status.${d.from}`, { defaultValue: String(d.from) })} → ${t(`orders.status.${d.to}`, { defaultValue: String(d.to) })}`;
      case 'shoot.assign':
        return t(`audit.details.assigned.${d.slot === 'drone_operator' ? 'pilot' : 'operator'}`, {
          name: d.assignee ?? '—',
        });
      case 'user.create':
        return roleLabel(String(d.role));
      case 'user.update': {
        const parts: string[] = [];
        const role = d.role as { from: string; to: string } | undefined;
        if (role) parts.push(`${roleLabel(role.from)} → ${roleLabel(role.to)}`);
        const changed = Array.isArray(d.changed) ? (d.changed as string[]) : [];
        if (changed.length > 0)
          parts.push(changed.map((name) => t(`audit.fields.${name}`, { defaultValue: name })).join(', '));
        if (d.companyChanged) parts.push(t('audit.details.companyChanged'));
        return parts.join(' · ');
      }
      case 'coupon.create':
        return typeof d.discountPercent === 'number' ? `${d.discountPercent}%` : '';
      case 'deploy.production':
        return t(`audit.details.deploy.${d.outcome === 'succeeded' ? 'succeeded' : 'failed'}`, {
          method: d.method ?? '',
        });
      default:
        return '';
    }
  };
}

/** The audit log for administrators: newest first, filtered by action, a page at a time. */
export function AuditLog() {
  const { t, i18n } = useTranslation();
  const roleLabel = useRoleLabel();
  const details = useDetails();
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<AuditAction | null>(null);
  const log = useAuditLog({ page, pageSize: AUDIT_PAGE_SIZE, action });
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;

  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('audit.title')}
          </Title>
          <Select
            data={AUDIT_ACTIONS.map((value) => ({ value, label: t(`audit.actions.${value}`) }))}
            value={action}
            onChange={(value) => {
              setAction(value as AuditAction | null);
              setPage(1);
            }}
            clearable
            placeholder={t('audit.allActions')}
            aria-label={t('audit.filter')}
            data-testid="audit-filter"
            w={240}
          />
        </Group>
        {log.isError && <Alert color="red">{t('audit.loadError')}</Alert>}
        {log.data && log.data.data.length === 0 && (
          <Text c="dimmed" data-testid="audit-empty">
            {t('audit.empty')}
          </Text>
        )}
        {log.data && log.data.data.length > 0 && (
          <ScrollTable minWidth={720} label={t('audit.title')}>
            <Table striped data-testid="audit-table" style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('audit.columns.when')}</Table.Th>
                  <Table.Th>{t('audit.columns.who')}</Table.Th>
                  <Table.Th>{t('audit.columns.action')}</Table.Th>
                  <Table.Th>{t('audit.columns.target')}</Table.Th>
                  <Table.Th>{t('audit.columns.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.data.map((entry) => (
                  <Table.Tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatCalendarDate(entry.at, i18n.language)} {time(entry.at, i18n.language)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{entry.actor.name}</Text>
                      <Text size="xs" c="dimmed">
                        {roleLabel(entry.actor.role)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light">{t(`audit.actions.${entry.action}`)}</Badge>
                    </Table.Td>
                    <Table.Td>{entry.target.label ?? entry.target.id}</Table.Td>
                    <Table.Td>{details(entry)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        {pages > 1 && (
          <Pagination value={page} onChange={setPage} total={pages} data-testid="audit-pagination" />
        )}
      </Stack>
    </Paper>
  );
}
