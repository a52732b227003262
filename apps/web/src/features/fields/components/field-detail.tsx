import type { FieldShootView, FieldView } from '@ampelos/domain';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconDownload, IconEdit, IconMapPin, IconTrash } from '@tabler/icons-react';
import { lazy, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDialog } from '../../../components/lazy-parts.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDownloadFieldKml } from '../../../lib/download-field-kml.ts';
import { activeReportUuid, pickableReports } from '../report-choice.ts';
import { FieldDetailsTable, FieldOwnerTable } from './field-details-table.tsx';
import { fieldLocationText } from './field-location.ts';
import { FieldOutlineMap } from './field-outline-map.tsx';
import { ReportPicker } from './report-picker-modal.tsx';

// The field form (variety picker, number inputs, validation) is fetched when the dialog first opens.
const EditFieldModal = lazy(async () => ({
  default: (await import('./edit-field-modal.tsx')).EditFieldModal,
}));
const DeleteFieldModal = lazy(async () => ({
  default: (await import('./delete-field-modal.tsx')).DeleteFieldModal,
}));

interface FieldDetailProps {
  field: FieldView;
  onDeleted: () => void;
  /** Small screens show the detail alone, with a way back to the list. */
  onBack?: () => void;
  /** "Choose Service": the cart feature's button, composed by the route (features stay independent). */
  serviceAction?: ReactNode;
  /** The reports feature's area for the report chosen in the picker (status, action), from the route. */
  reportArea?: (report: FieldView['Reports'][number] | null) => ReactNode;
  /** The selected report's data panel (upload, processing, results), composed in by the route. */
  reportPanel?: (reportUuid: string) => ReactNode;
  /** Weather, soil and forecast cards (the agro feature), composed in by the route. */
  agroCards?: ReactNode;
  /** The shoots of the listed fields (`GET /fields` shootData): a report's name uses its final day. */
  shoots?: readonly FieldShootView[];
}

export function FieldDetail({
  field,
  onDeleted,
  onBack,
  serviceAction,
  reportArea,
  reportPanel,
  agroCards,
  shoots,
}: FieldDetailProps) {
  const { t, i18n } = useTranslation();
  const authorization = useAuthorization();
  const [editOpened, edit] = useDisclosure(false);
  const [deleteOpened, remove] = useDisclosure(false);
  const [chosenReport, setReportUuid] = useState<string | null>(null);
  // Reports whose validity has started (or just bought), newest first: the picker's default order.
  const reports = useMemo(() => pickableReports(field.Reports, new Date()), [field.Reports]);
  // The first report of the loaded list is active until another is chosen (spec section 9).
  const reportUuid = activeReportUuid(reports, chosenReport);
  const kml = useDownloadFieldKml();

  return (
    <Stack gap="md" data-testid="field-detail" data-uuid={field.uuid}>
      {onBack && (
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          onClick={onBack}
          w="fit-content"
          px={0}
        >
          {t('fields.back')}
        </Button>
      )}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={2} data-testid="field-detail-title">
            {field.title}
          </Title>
          <Group gap={4} c="dimmed">
            <IconMapPin size={16} />
            <Text size="sm" data-testid="field-detail-location">
              {fieldLocationText(t, field.location, i18n.language)}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs">
          <ReportPicker reports={reports} shoots={shoots} selected={reportUuid} onSelect={setReportUuid} />
          {serviceAction}
          {authorization.can('update', 'Field') && (
            <Button
              variant="default"
              leftSection={<IconEdit size={16} />}
              onClick={edit.open}
              data-testid="field-edit"
            >
              {t('fields.detail.editInfo')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={kml.isPending}
            onClick={() => kml.mutate({ fieldId: field.id, title: field.title })}
            data-testid="field-download-kml"
          >
            {t('fields.detail.downloadKml')}
          </Button>
          {authorization.can('delete', 'Field') && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={remove.open}
              data-testid="field-delete"
            >
              {t('fields.detail.delete')}
            </Button>
          )}
        </Group>
      </Group>
      {reportArea?.(reports.find((report) => report.uuid === reportUuid) ?? null)}
      <FieldOutlineMap field={field} />
      {reportUuid && reportPanel?.(reportUuid)}
      {agroCards}
      <SimpleGrid cols={{ base: 1, lg: field.owner ? 2 : 1 }}>
        <FieldDetailsTable field={field} />
        {field.owner && <FieldOwnerTable owner={field.owner} />}
      </SimpleGrid>
      <LazyDialog opened={editOpened}>
        <EditFieldModal field={field} opened={editOpened} onClose={edit.close} />
      </LazyDialog>
      <LazyDialog opened={deleteOpened}>
        <DeleteFieldModal
          field={field}
          opened={deleteOpened}
          onClose={remove.close}
          onDeleted={() => {
            remove.close();
            onDeleted();
          }}
        />
      </LazyDialog>
    </Stack>
  );
}
