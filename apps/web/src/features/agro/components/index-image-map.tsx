import type { SatelliteIndex } from '@ampelos/domain';
import { Select, Stack, Text } from '@mantine/core';
import type { ImageSource, Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BaseMap, fitToRing, setPolygonOutlines } from '../../../components/map/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { useIndexImage } from '../api/get-index-image.ts';
import type { SatelliteDay } from '../satellite-days.ts';
import { IndexLegend } from './index-legend.tsx';

const SOURCE = 'satellite-index-image';

type Corners = [[number, number], [number, number], [number, number], [number, number]];

function cornersOf(ring: readonly [number, number][]): Corners {
  const lngs = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  const [w, e, s, n] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  return [
    [w, n],
    [e, n],
    [e, s],
    [w, s],
  ];
}

function showImage(map: MapLibreMap, url: string | null, corners: Corners) {
  const source = map.getSource(SOURCE) as ImageSource | undefined;
  if (!url) {
    if (map.getLayer(SOURCE)) map.removeLayer(SOURCE);
    if (source) map.removeSource(SOURCE);
    return;
  }
  if (source) {
    source.updateImage({ url, coordinates: corners });
    return;
  }
  map.addSource(SOURCE, { type: 'image', url, coordinates: corners });
  map.addLayer({ id: SOURCE, type: 'raster', source: SOURCE, paint: { 'raster-resampling': 'nearest' } });
}

/**
 * The chosen date's index over the field on a small map (keyless Sentinel-2 source), and the change
 * view: with a second date, the difference on a diverging scale with its legend and mean change.
 */
export function IndexImageMap({
  fieldUuid,
  ring,
  day,
  index,
  days,
}: {
  fieldUuid: string;
  ring: [number, number][];
  day: SatelliteDay;
  index: SatelliteIndex;
  days: readonly SatelliteDay[];
}) {
  const { t } = useTranslation();
  const [compareFrom, setCompareFrom] = useState<string | null>(null);
  const others = days.filter((other) => other.day !== day.day && other.indices.includes(index));
  const from = compareFrom && others.some((o) => o.day === compareFrom) ? compareFrom : null;
  const image = useIndexImage({ fieldUuid, index, date: day.day, compareFrom: from });
  const url = image.data?.url ?? null;
  const mapRef = useRef<MapLibreMap | null>(null);
  const state = useRef({ url, ring });
  state.current = { url, ring };

  const onReady = useCallback((map: MapLibreMap) => {
    mapRef.current = map;
    setPolygonOutlines(map, 'satellite-field', [{ ring: state.current.ring, properties: {} }]);
    fitToRing(map, state.current.ring, 20);
    showImage(map, state.current.url, cornersOf(state.current.ring));
  }, []);
  useEffect(() => {
    if (mapRef.current?.isStyleLoaded()) showImage(mapRef.current, url, cornersOf(ring));
  }, [url, ring]);

  const label = t(`agro.satellite.indices.${index}`);
  return (
    <Stack gap={6} data-testid="index-image">
      <BaseMap h={220} onReady={onReady} data-testid="index-image-map" data-image={url ? 'shown' : 'none'} />
      {!image.isPending && !url && (
        <Text size="xs" c="dimmed" data-testid="index-image-unavailable">
          {t('agro.satellite.imageNotAvailable')}
        </Text>
      )}
      <Select
        size="xs"
        clearable
        label={t('agro.satellite.compareWith')}
        placeholder={t('agro.satellite.compareNone')}
        value={from}
        onChange={setCompareFrom}
        data={others.map((other) => ({ value: other.day, label: formatDate(`${other.day}T12:00:00Z`) }))}
        data-testid="index-compare"
      />
      {from ? (
        <>
          <IndexLegend
            palette="change"
            label={t('agro.satellite.changeLegend', { index: label, from: formatDate(`${from}T12:00:00Z`) })}
          />
          {image.data?.meanChange != null && (
            <Text size="xs" data-testid="index-mean-change">
              {t('agro.satellite.meanChange', { value: image.data.meanChange.toFixed(3) })}
            </Text>
          )}
        </>
      ) : (
        <IndexLegend palette={index} label={label} />
      )}
    </Stack>
  );
}
