import { type FieldMapPoint, MAP } from '@ampelos/domain';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconMapPin } from '@tabler/icons-react';
import type { GeoJSONSource, MapGeoJSONFeature, Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BaseMap,
  type MarkerPoint,
  setClusteredMarkers,
  setPolygonOutlines,
} from '../../../components/map/index.ts';
import { paths } from '../../../config/paths.ts';
import { type Bbox, getFieldOutlines } from '../api/get-field-outlines.ts';
import { formatDecimal } from '../chart-labels.ts';
import { fieldTitleFilter } from '../field-search.ts';
import { showClusterCounts } from './cluster-count-labels.ts';

const MARKERS = 'dashboard-fields';
const OUTLINES = 'dashboard-outlines';
/** From this zoom on the map fetches and draws the outlines of the fields in view. */
export const OUTLINE_MIN_ZOOM = 12;
const FIELD_ZOOM = 16;

const markersOf = (points: readonly FieldMapPoint[]): MarkerPoint[] =>
  points.map((p) => ({ lng: p.lng, lat: p.lat, properties: { uuid: p.uuid } }));

/** The visible area plus half of it on each side, so a small pan needs no new request. */
function paddedBounds(map: MapLibreMap): Bbox {
  const bounds = map.getBounds();
  const padLng = (bounds.getEast() - bounds.getWest()) / 2;
  const padLat = (bounds.getNorth() - bounds.getSouth()) / 2;
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return [
    clamp(bounds.getWest() - padLng, 180),
    clamp(bounds.getSouth() - padLat, 90),
    clamp(bounds.getEast() + padLng, 180),
    clamp(bounds.getNorth() + padLat, 90),
  ];
}

/**
 * Every field as a clustered marker (radius 50, clusters up to zoom 14, colour steps at 100 and 750;
 * spec section 9), starting at zoom 5 on the first field. A cluster click zooms into it; a field click
 * selects it; from zoom 12 the outlines of the fields in view are loaded and drawn.
 */
export function FieldsMap({ points }: { points: FieldMapPoint[] }) {
  const { t } = useTranslation();
  const mapRef = useRef<MapLibreMap | null>(null);
  const pointsRef = useRef(points);
  pointsRef.current = points;
  const byUuid = useMemo(() => new Map(points.map((p) => [p.uuid, p])), [points]);
  const byUuidRef = useRef(byUuid);
  byUuidRef.current = byUuid;
  const [selected, setSelected] = useState<FieldMapPoint | null>(null);
  const [status, setStatus] = useState<{ zoom: number; outlines: number; truncated: boolean }>({
    zoom: MAP.initialZoom,
    outlines: 0,
    truncated: false,
  });
  // Whether the map has settled and where the biggest cluster in view is then drawn (CSS pixels in the
  // map): a browser test waits for the one and clicks the other.
  const [settled, setSettled] = useState<{ idle: boolean; largestCluster?: string }>({ idle: false });
  const [initialView] = useState(() => ({
    center: [points[0]?.lng ?? 22.9, points[0]?.lat ?? 39.3] as [number, number],
    zoom: MAP.initialZoom,
  }));

  const onReady = useCallback((map: MapLibreMap) => {
    mapRef.current = map;
    // Outlines first, so the markers stay on top of them.
    setPolygonOutlines(map, OUTLINES, [], { fillOpacity: 0.12, width: 2 });
    setClusteredMarkers(map, MARKERS, markersOf(pointsRef.current), {
      clusterMaxZoom: MAP.clusterMaxZoomDashboard,
    });
    // Without glyphs in the base style there is no count layer: HTML labels say how many fields.
    if (!map.getLayer(`${MARKERS}-cluster-count`)) {
      map.once('remove', showClusterCounts(map, MARKERS, `${MARKERS}-clusters`));
    }

    map.on('click', `${MARKERS}-clusters`, (event) => {
      const cluster = event.features?.[0] as MapGeoJSONFeature | undefined;
      const clusterId = cluster?.properties?.cluster_id;
      if (!cluster || typeof clusterId !== 'number' || cluster.geometry.type !== 'Point') return;
      const center = cluster.geometry.coordinates as [number, number];
      void map
        .getSource<GeoJSONSource>(MARKERS)
        ?.getClusterExpansionZoom(clusterId)
        .then((zoom) => map.easeTo({ center, zoom }));
    });
    map.on('click', `${MARKERS}-points`, (event) => {
      const uuid = event.features?.[0]?.properties?.uuid;
      const point = typeof uuid === 'string' ? byUuidRef.current.get(uuid) : undefined;
      if (point) setSelected(point);
    });
    for (const layer of [`${MARKERS}-clusters`, `${MARKERS}-points`]) {
      map.on('mouseenter', layer, () => {
        map.getCanvas().style.cursor = 'pointer';
      });
      map.on('mouseleave', layer, () => {
        map.getCanvas().style.cursor = '';
      });
    }

    let controller: AbortController | null = null;
    const refreshOutlines = async () => {
      const zoom = map.getZoom();
      controller?.abort();
      controller = null;
      if (zoom < OUTLINE_MIN_ZOOM) {
        setPolygonOutlines(map, OUTLINES, []);
        setStatus({ zoom, outlines: 0, truncated: false });
        return;
      }
      const current = new AbortController();
      controller = current;
      try {
        const answer = await getFieldOutlines(paddedBounds(map), current.signal);
        if (controller !== current) return;
        setPolygonOutlines(
          map,
          OUTLINES,
          answer.data.map((field) => ({ ring: field.ring, properties: { uuid: field.uuid } })),
        );
        setStatus({ zoom, outlines: answer.data.length, truncated: answer.truncated });
      } catch {
        // Aborted by a newer move, or refused (the API client has shown why).
      }
    };
    map.on('moveend', () => void refreshOutlines());
    map.on('movestart', () => setSettled({ idle: false }));
    map.on('idle', () => {
      let best: { count: number; at: string } | undefined;
      for (const feature of map.queryRenderedFeatures({ layers: [`${MARKERS}-clusters`] })) {
        const count = Number(feature.properties?.point_count ?? 0);
        if (feature.geometry.type !== 'Point' || (best && best.count >= count)) continue;
        const point = map.project(feature.geometry.coordinates as [number, number]);
        best = { count, at: `${Math.round(point.x)},${Math.round(point.y)}` };
      }
      setSettled({ idle: true, largestCluster: best?.at });
    });
    map.once('remove', () => {
      controller?.abort();
      if (mapRef.current === map) mapRef.current = null;
    });
  }, []);

  useEffect(() => {
    if (mapRef.current) setClusteredMarkers(mapRef.current, MARKERS, markersOf(points));
  }, [points]);

  const goTo = (point: FieldMapPoint | undefined) => {
    if (!point) return;
    setSelected(point);
    mapRef.current?.flyTo({ center: [point.lng, point.lat], zoom: FIELD_ZOOM });
  };
  const options = useMemo(() => points.map((p) => ({ value: p.uuid, label: p.title })), [points]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Select
          data={options}
          searchable
          clearable
          limit={50}
          filter={fieldTitleFilter}
          value={selected?.uuid ?? null}
          onChange={(uuid) => goTo(uuid ? byUuid.get(uuid) : undefined)}
          placeholder={t('dashboard.map.search')}
          aria-label={t('dashboard.map.search')}
          leftSection={<IconMapPin size={16} />}
          nothingFoundMessage={t('dashboard.map.noMatch')}
          data-testid="dashboard-map-search"
          w={{ base: '100%', sm: 320 }}
        />
        <Text size="sm" c="dimmed" data-testid="dashboard-map-hint">
          {status.zoom < OUTLINE_MIN_ZOOM
            ? t('dashboard.map.zoomForOutlines')
            : status.truncated
              ? t('dashboard.map.outlinesTruncated', { count: status.outlines })
              : t('dashboard.map.outlines', { count: status.outlines })}
        </Text>
      </Group>
      <BaseMap
        h={460}
        initialView={initialView}
        onReady={onReady}
        data-testid="dashboard-map"
        data-field-count={String(points.length)}
        data-zoom={status.zoom.toFixed(1)}
        data-outlines={String(status.outlines)}
        data-idle={settled.idle || undefined}
        data-largest-cluster={settled.largestCluster}
      />
      {selected && (
        <Paper withBorder p="sm" radius="md" data-testid="dashboard-map-selected" data-uuid={selected.uuid}>
          <Group justify="space-between">
            <div>
              <Text fw={600}>{selected.title}</Text>
              <Text size="sm" c="dimmed">
                {t('dashboard.cards.hectares', { value: formatDecimal(selected.hectares) })}
              </Text>
            </div>
            <Button
              component={Link}
              to={paths.fields.getHref(selected.uuid)}
              variant="light"
              rightSection={<IconExternalLink size={16} />}
              data-testid="dashboard-map-open-field"
            >
              {t('dashboard.map.openField')}
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
