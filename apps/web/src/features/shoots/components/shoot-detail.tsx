import type { ShootFieldView, ShootView } from '@ampelos/domain';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownloadFieldKml } from '../../../lib/download-field-kml.ts';
import { fieldLocationText } from '../field-location.ts';
import { ShootActions } from './shoot-actions.tsx';
import {
  OperationDetailsTable,
  OwnerTable,
  ShootDetailsTable,
  ShootFieldTable,
} from './shoot-detail-tables.tsx';
import { ShootMap } from './shoot-map.tsx';
import { ShootStatusLabel } from './shoot-status-label.tsx';

/** The field's title, location and KML button above a shoot (or a report awaiting one). */
export function ShootFieldHeader({
  field,
  onBack,
  badge,
}: {
  field: ShootFieldView | null;
  onBack?: () => void;
  badge: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const kml = useDownloadFieldKml();
  return (
    <>
      {onBack && (
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          onClick={onBack}
          w="fit-content"
          px={0}
        >
          {t('shoots.back')}
        </Button>
      )}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} data-testid="shoot-detail-title">
              {field?.title ?? t('shoots.detail.fieldDeleted')}
            </Title>
            {badge}
          </Group>
          <Group gap={4} c="dimmed">
            <IconMapPin size={16} />
            <Text size="sm">
              {fieldLocationText(field, t('shoots.detail.unknownLocation'), i18n.language)}
            </Text>
          </Group>
        </Stack>
        {field && (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={kml.isPending}
            onClick={() => kml.mutate({ fieldId: field.id, title: field.title })}
            data-testid="shoot-download-kml"
          >
            {t('shoots.detail.downloadKml')}
          </Button>
        )}
      </Group>
      {field && <ShootMap field={field} />}
    </>
  );
}

/**
 * A shoot: the field on the satellite map, its name and location, the actions the caller may take,
 * the report's data (`reportPanel`, composed by the route: the crew's "Upload Data"), the details,
 * operation details, owner info and field details, and the KML for the pilot.
 */
export function ShootDetail({
  shoot,
  onBack,
  reportPanel,
}: {
  shoot: ShootView;
  onBack?: () => void;
  reportPanel?: (shoot: ShootView) => ReactNode;
}) {
  return (
    <Stack gap="md" data-testid="shoot-detail" data-uuid={shoot.uuid} data-status={shoot.status}>
      <ShootFieldHeader
        field={shoot.field}
        onBack={onBack}
        badge={<ShootStatusLabel status={shoot.status} testId="shoot-status-label" />}
      />
      <ShootActions shoot={shoot} />
      {reportPanel && (
        <Paper withBorder p="md" data-testid="shoot-report-data">
          {reportPanel(shoot)}
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <OperationDetailsTable shoot={shoot} />
        <ShootDetailsTable report={shoot.report} field={shoot.field} createdAt={shoot.createdAt} />
        <OwnerTable owner={shoot.owner} />
        {shoot.field && <ShootFieldTable field={shoot.field} />}
      </SimpleGrid>
    </Stack>
  );
}
