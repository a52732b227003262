import type { FieldView, SatelliteIndex } from '@ampelos/domain';
import { lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPanel } from '../../../components/lazy-parts.tsx';
import { useFieldHistory } from '../api/get-field-history.ts';
import { useSatelliteImages } from '../api/get-satellite-images.ts';
import { type SatelliteDay, satelliteDays } from '../satellite-days.ts';
import { AgroCard } from './agro-card.tsx';

// The calendar (date pickers) and the index image's map and select are fetched once there are days
// to show.
const IndexImageMap = lazy(async () => ({ default: (await import('./index-image-map.tsx')).IndexImageMap }));
const SatelliteHistory = lazy(async () => ({
  default: (await import('./satellite-history.tsx')).SatelliteHistory,
}));

/**
 * The field page's satellite history: dates from the provider's image search (Agromonitoring) and
 * from the latest report's history file (both sources), statistics from the file.
 */
export function SatelliteCard({ field }: { field: Pick<FieldView, 'uuid' | 'polygonPoints'> }) {
  const { t } = useTranslation();
  const images = useSatelliteImages(field.uuid);
  const history = useFieldHistory(field.uuid);
  const days = useMemo(
    () =>
      satelliteDays(
        [...(history.data?.satellite_data ?? []), ...(images.data ?? [])],
        history.data?.satellite_stats ?? [],
      ),
    [images.data, history.data],
  );
  return (
    <AgroCard
      title={t('agro.satellite.title')}
      loading={images.isPending || history.isPending}
      available={days.length > 0}
      testId="satellite-card"
    >
      <LazyPanel>
        <SatelliteHistory
          days={days}
          indexImage={(day: SatelliteDay, index: SatelliteIndex) => (
            <IndexImageMap
              fieldUuid={field.uuid}
              ring={field.polygonPoints}
              day={day}
              index={index}
              days={days}
            />
          )}
        />
      </LazyPanel>
    </AgroCard>
  );
}
