import {
  BREAKPOINTS,
  isShootManager,
  type ReportAwaitingShootView,
  type Role,
  type ShootsAnswer,
  type ShootView,
} from '@ampelos/domain';
import { Alert, Button, Center, EmptyState, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDrone } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListDetailLayout } from '../../../components/list-detail-layout.tsx';
import { useUser } from '../../../lib/auth.ts';
import { useShoots } from '../api/get-shoots.ts';
import { ShootCalendarModal } from '../calendar/shoot-calendar-modal.tsx';
import { filterEntries, NO_FILTERS, type ShootEntry, type ShootFilters } from '../shoot-entries.ts';
import { AwaitingReportDetail } from './awaiting-report-detail.tsx';
import { ShootDetail } from './shoot-detail.tsx';
import { ShootsHeader, type ShootsViewMode } from './shoots-header.tsx';
import { ShootsList } from './shoots-list.tsx';

/** The selection is in the URL: `/shoots?shoot=<uuid>`, or `?report=<uuid>` for a report without a shoot. */
export const SHOOT_PARAM = 'shoot';
export const REPORT_PARAM = 'report';

type Selection = { kind: 'shoot'; shoot: ShootView } | { kind: 'report'; item: ReportAwaitingShootView };

/** The selected row: by shoot uuid, or by report uuid (which finds the shoot once one exists). */
function findSelected(
  answer: ShootsAnswer,
  shootUuid: string | null,
  reportUuid: string | null,
): Selection | null {
  const byShoot = shootUuid
    ? answer.data.find((shoot) => shoot.uuid === shootUuid)
    : reportUuid
      ? answer.data.find((shoot) => shoot.report.uuid === reportUuid)
      : undefined;
  if (byShoot) return { kind: 'shoot', shoot: byShoot };
  const item = reportUuid
    ? answer.reportsAwaitingShoot.find((entry) => entry.report.uuid === reportUuid)
    : undefined;
  return item ? { kind: 'report', item } : null;
}

const selectionOf = (entry: ShootEntry): Selection =>
  entry.kind === 'shoot' ? { kind: 'shoot', shoot: entry.shoot } : { kind: 'report', item: entry.awaiting };

/**
 * Shoots: the collapsible header (needs-assignment count, Need Assignment, view switch, calendar,
 * filters), the list on the left and the selected shoot on the right. Under 767 px the list comes
 * first and the detail replaces it, with a way back. `reportPanel` is another feature's view of the
 * shoot's report (its data and upload), given by the route.
 */
export function ShootsScreen({ reportPanel }: { reportPanel?: (shoot: ShootView) => ReactNode } = {}) {
  const { t } = useTranslation();
  const shoots = useShoots();
  const { data: user } = useUser();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<ShootFilters>(NO_FILTERS);
  const [view, setView] = useState<ShootsViewMode>('flat');
  const [calendarOpen, setCalendarOpen] = useState(false);
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS.smallScreen}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const answer = shoots.data;
  const entries = useMemo(() => (answer ? filterEntries(answer, filters) : []), [answer, filters]);
  const shootParam = params.get(SHOOT_PARAM);
  const reportParam = params.get(REPORT_PARAM);
  const chosen = answer ? findSelected(answer, shootParam, reportParam) : null;
  const first = small || shootParam || reportParam ? null : (entries[0] ?? null);
  const selected = chosen ?? (first ? selectionOf(first) : null);
  const selectedKey = selected
    ? selected.kind === 'shoot'
      ? selected.shoot.uuid
      : selected.item.report.uuid
    : null;

  const select = (entry: ShootEntry) =>
    setParams(entry.kind === 'shoot' ? { [SHOOT_PARAM]: entry.shoot.uuid } : { [REPORT_PARAM]: entry.key });
  const backToList = () => setParams({});

  const header = (
    <ShootsHeader
      needsAssignment={answer?.needsAssignment ?? 0}
      filters={filters}
      onFiltersChange={setFilters}
      manager={user ? isShootManager(user.role as Role) : false}
      view={view}
      onToggleView={() => setView((current) => (current === 'flat' ? 'grouped' : 'flat'))}
      onOpenCalendar={() => setCalendarOpen(true)}
      startCollapsed={small}
    />
  );

  if (shoots.isPending) {
    return (
      <Stack data-testid="shoots-screen">
        {header}
        <Center py="xl">
          <Loader />
        </Center>
      </Stack>
    );
  }
  if (shoots.isError || !answer) {
    return (
      <Stack data-testid="shoots-screen">
        {header}
        <Alert color="red" data-testid="shoots-error">
          {t('shoots.loadError')}
        </Alert>
        <Button variant="default" w="fit-content" onClick={() => void shoots.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }

  const calendar = (
    <ShootCalendarModal opened={calendarOpen} onClose={() => setCalendarOpen(false)} shoots={answer.data} />
  );
  const [emptyText, emptyTestId] = filters.needAssignment
    ? [t('shoots.noneNeedAssignment'), 'shoots-no-assignment']
    : answer.data.length === 0 && answer.reportsAwaitingShoot.length === 0
      ? [t('shoots.empty'), 'shoots-empty']
      : [t('shoots.noMatch'), 'shoots-no-match'];
  const listElement =
    entries.length === 0 ? (
      <EmptyState
        data-testid={emptyTestId}
        title={emptyText}
        icon={<IconDrone size={36} stroke={1.5} />}
        variant="light"
        color="grape"
      />
    ) : (
      <ShootsList
        entries={entries}
        view={view}
        activeKey={selectedKey}
        onSelect={select}
        h={small ? undefined : 'calc(100dvh - 300px)'}
      />
    );

  const detail = selected ? (
    selected.kind === 'shoot' ? (
      <ShootDetail
        key={selected.shoot.uuid}
        shoot={selected.shoot}
        onBack={small ? backToList : undefined}
        reportPanel={reportPanel}
      />
    ) : (
      <AwaitingReportDetail
        key={selected.item.report.uuid}
        item={selected.item}
        onBack={small ? backToList : undefined}
      />
    )
  ) : shootParam || reportParam ? (
    <Alert color="yellow" data-testid="shoot-not-found">
      {t('shoots.notFound')}
    </Alert>
  ) : answer.data.length > 0 ? (
    <Text c="dimmed" ta="center" py="xl">
      {t('shoots.noneSelected')}
    </Text>
  ) : null;

  return (
    <ListDetailLayout
      small={small}
      chosen={Boolean(shootParam || reportParam)}
      header={header}
      list={listElement}
      detail={detail}
      data-testid="shoots-screen"
    >
      {calendar}
    </ListDetailLayout>
  );
}
