import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useSoilData } from '../api/get-soil-data.ts';
import { celsiusFromKelvin, moisturePercent } from '../format.ts';
import { AgroCard } from './agro-card.tsx';

/** The field's latest soil reading: surface temperature, temperature at 10 cm (°C), moisture. */
export function SoilCard({ fieldUuid }: { fieldUuid: string }) {
  const { t } = useTranslation();
  const query = useSoilData(fieldUuid);
  const soil = query.data ?? null;
  return (
    <AgroCard
      title={t('agro.soil.title')}
      loading={query.isPending}
      available={soil !== null}
      testId="soil-card"
    >
      {soil && (
        <Table variant="vertical" withTableBorder={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>{t('agro.soil.t0')}</Table.Th>
              <Table.Td data-testid="soil-t0">{celsiusFromKelvin(soil.t0)} °C</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('agro.soil.t10')}</Table.Th>
              <Table.Td data-testid="soil-t10">{celsiusFromKelvin(soil.t10)} °C</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('agro.soil.moisture')}</Table.Th>
              <Table.Td data-testid="soil-moisture">{moisturePercent(soil.moisture)} %</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('agro.soil.measured')}</Table.Th>
              <Table.Td>{formatDate(soil.dt * 1000)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </AgroCard>
  );
}
