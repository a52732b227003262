import { BREAKPOINTS, type FieldView } from '@ampelos/domain';
import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlant2, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListDetailLayout } from '../../../components/list-detail-layout.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useField } from '../api/get-field.ts';
import { useFields } from '../api/get-fields.ts';
import { FieldDetail } from './field-detail.tsx';
import { FieldsList } from './fields-list.tsx';

/** The query parameter naming the selected field: `/fields?field=<uuid>`. */
export const SELECTED_FIELD_PARAM = 'field';

/**
 * Fields: the grouped list on the left, the selected field on the right. On wide screens the first
 * field is active when none is chosen; under 767 px none is, and the detail replaces the list.
 */
interface FieldsScreenProps {
  /** Rendered in the field detail ("Choose Service"); other features' parts come from the route. */
  serviceAction?: (field: FieldView) => ReactNode;
  /** Extra header buttons next to Add field (e.g. "Add multiple reports"). */
  headerActions?: ReactNode;
  /** The area of the report chosen in the field's picker (the reports feature's status and action). */
  reportArea?: (field: FieldView, report: FieldView['Reports'][number] | null) => ReactNode;
  /** The selected report's data panel (the datasets feature: upload, processing, results). */
  reportPanel?: (reportUuid: string) => ReactNode;
  /** The field's weather, soil and forecast cards (the agro feature). */
  agroCards?: (field: FieldView) => ReactNode;
}

export function FieldsScreen({
  serviceAction,
  headerActions,
  reportArea,
  reportPanel,
  agroCards,
}: FieldsScreenProps = {}) {
  const { t } = useTranslation();
  const authorization = useAuthorization();
  const fields = useFields();
  const [params, setParams] = useSearchParams();
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS.smallScreen}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const chosenUuid = params.get(SELECTED_FIELD_PARAM);
  const list = fields.data?.data ?? [];
  const fromList = chosenUuid ? list.find((field) => field.uuid === chosenUuid) : undefined;
  // A field named in the URL but not in the loaded list (just created, or shared): ask for it alone.
  const single = useField(chosenUuid, fields.isSuccess && chosenUuid !== null && !fromList);
  const selected = chosenUuid ? (fromList ?? single.data ?? null) : small ? null : (list[0] ?? null);

  const select = (uuid: string) => setParams({ [SELECTED_FIELD_PARAM]: uuid });
  const backToList = () => setParams({});
  const canCreate = authorization.can('create', 'Field');

  const header = (
    <Group justify="space-between">
      <Title order={2}>{t('nav.fields')}</Title>
      <Group gap="xs">
        {headerActions}
        {canCreate && (
          <Button
            component={Link}
            to={paths.fieldNew.getHref()}
            leftSection={<IconPlus size={16} />}
            data-testid="fields-add"
          >
            {t('fields.add')}
          </Button>
        )}
      </Group>
    </Group>
  );

  if (fields.isPending) {
    return (
      <Stack>
        {header}
        <Center py="xl">
          <Loader />
        </Center>
      </Stack>
    );
  }
  if (fields.isError) {
    return (
      <Stack>
        {header}
        <Alert color="red" data-testid="fields-error">
          {t('fields.loadError')}
        </Alert>
        <Button variant="default" w="fit-content" onClick={() => void fields.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  if (list.length === 0 && !chosenUuid) {
    return (
      <Stack>
        {header}
        <EmptyState
          data-testid="fields-empty"
          title={t('fields.empty')}
          icon={<IconPlant2 size={36} stroke={1.5} />}
          variant="light"
          color="grape"
        />
      </Stack>
    );
  }

  const detail = selected ? (
    <FieldDetail
      key={selected.uuid}
      field={selected}
      onDeleted={backToList}
      onBack={small ? backToList : undefined}
      serviceAction={serviceAction?.(selected)}
      reportArea={reportArea && ((report) => reportArea(selected, report))}
      reportPanel={reportPanel}
      agroCards={agroCards?.(selected)}
      shoots={fields.data?.shootData}
    />
  ) : chosenUuid && single.isPending ? (
    <Center py="xl">
      <Loader />
    </Center>
  ) : chosenUuid ? (
    <Alert color="yellow" data-testid="field-not-found">
      {t('fields.notFound')}
    </Alert>
  ) : null;

  const listElement = (
    <FieldsList
      fields={list}
      activeUuid={selected?.uuid ?? null}
      onSelect={select}
      h={small ? 'calc(100dvh - 260px)' : 'calc(100dvh - 250px)'}
    />
  );

  return (
    <ListDetailLayout
      small={small}
      chosen={selected !== null || chosenUuid !== null}
      header={header}
      list={listElement}
      detail={detail}
    />
  );
}
