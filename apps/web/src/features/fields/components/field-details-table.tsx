import type { FieldView } from '@ampelos/domain';
import { varietyLabel } from '@ampelos/domain';
import { Paper, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHectares } from '../../../components/map/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { vineyardTypeText } from './vineyard-type.ts';

function DetailsTable({
  title,
  rows,
  testId,
}: {
  title: string;
  rows: [string, ReactNode][];
  testId: string;
}) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              {/* On a phone the labels take more of the row: long Greek labels stay within two lines. */}
              <Table.Th w={{ base: '58%', xs: '45%' }}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Field details: hectares (area / 10000, two decimals), variety, type, numbers, created and updated. */
export function FieldDetailsTable({ field }: { field: FieldView }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'el' ? 'el' : 'en';
  const na = t('fields.detail.notAvailable');
  const number = (value: number | null) => (value === null || value === undefined ? na : String(value));
  return (
    <DetailsTable
      title={t('fields.detail.details')}
      testId="field-details"
      rows={[
        [t('fields.detail.hectares'), formatHectares(field.area)],
        [t('fields.detail.variety'), field.variety ? varietyLabel(field.variety, lang) : na],
        [t('fields.detail.type'), vineyardTypeText(t, field.usedFor)],
        [t('fields.detail.age'), number(field.age)],
        [t('fields.detail.altitude'), number(field.altitude)],
        [t('fields.detail.slope'), number(field.slope)],
        [t('fields.detail.plantHeight'), number(field.avgPlantHeight)],
        [t('fields.detail.created'), formatDate(field.createdAt) || na],
        [t('fields.detail.updated'), formatDate(field.updatedAt) || na],
      ]}
    />
  );
}

/** Staff who may read every field see whose it is. */
export function FieldOwnerTable({ owner }: { owner: NonNullable<FieldView['owner']> }) {
  const { t } = useTranslation();
  return (
    <DetailsTable
      title={t('fields.detail.owner')}
      testId="field-owner"
      rows={[
        [t('fields.detail.ownerName'), `${owner.firstName} ${owner.lastName}`],
        [t('fields.detail.ownerEmail'), owner.email],
      ]}
    />
  );
}
