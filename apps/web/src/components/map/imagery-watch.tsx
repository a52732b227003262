import { Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import type { ErrorEvent, Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';
import { forwardRef, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ImageryState {
  /** True once the base imagery failed and none of it has loaded: the map shows its plain background. */
  failed: boolean;
  /** The centre of the view, kept while imagery is unavailable (the notice shows its coordinates). */
  center: { lng: number; lat: number } | null;
}

/**
 * Watches the base map's own tiles (the sources of the style, not the layers added on top): when they
 * fail and none has loaded (no network, provider down), the map says so in a plain notice instead of
 * showing an empty background without a word.
 */
export function useImageryWatch() {
  const [state, setState] = useState<ImageryState>({ failed: false, center: null });

  const watch = useCallback((map: MapLibreMap) => {
    let baseSources = new Set<string>();
    let loaded = 0;
    let failed = false;
    const centre = () => {
      const { lng, lat } = map.getCenter();
      return { lng, lat };
    };
    const onStyle = () => {
      // Runs before the map's users add their own sources in their 'style.load' listener.
      baseSources = new Set(Object.keys(map.getStyle().sources));
    };
    const onError = (event: ErrorEvent & { sourceId?: string }) => {
      const styleMissing = !map.isStyleLoaded() && !event.sourceId;
      if (!styleMissing && !(event.sourceId && baseSources.has(event.sourceId))) return;
      if (loaded > 0 || failed) return;
      failed = true;
      setState({ failed: true, center: centre() });
    };
    const onData = (event: MapSourceDataEvent) => {
      if (!event.tile || !baseSources.has(event.sourceId)) return;
      loaded += 1;
      if (failed) {
        failed = false;
        setState({ failed: false, center: null });
      }
    };
    const onMoveEnd = () => {
      if (failed) setState({ failed: true, center: centre() });
    };
    map.on('style.load', onStyle);
    map.on('error', onError);
    map.on('sourcedata', onData);
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('style.load', onStyle);
      map.off('error', onError);
      map.off('sourcedata', onData);
      map.off('moveend', onMoveEnd);
      setState({ failed: false, center: null });
    };
  }, []);

  return { ...state, watch };
}

const coordinate = (value: number, positive: string, negative: string) =>
  `${Math.abs(value).toFixed(5)}° ${value >= 0 ? positive : negative}`;

export type ImageryNoticePlacement = 'top' | 'bottom';

/**
 * The plain notice over a map whose imagery could not load, with the coordinates of the view. At the
 * top (the default) it is a compact banner left of the zoom buttons, and the map keeps its camera
 * padding clear of it (BaseMap), so the field's outline is never under it; at the bottom (maps whose
 * own panels hold the top corner: the results) it sits above the scale bar, with room between them.
 */
export const ImageryNotice = forwardRef<
  HTMLDivElement,
  { center: ImageryState['center']; placement: ImageryNoticePlacement; drawing?: boolean }
>(function ImageryNotice({ center, placement, drawing = false }, ref) {
  const { t } = useTranslation();
  // Drawing still works without imagery; on a map that only shows fields, drawing is not offered.
  const fallback = drawing ? t('map.imageryFallback') : t('map.imageryFallbackView');
  const at =
    // At the bottom its height above the map's edge is the stylesheet's: it follows the scale bar.
    placement === 'top' ? { top: 8, left: 8, right: 48 } : { left: 8, maw: 'calc(100% - 64px)' };
  return (
    <Paper
      ref={ref}
      role="status"
      shadow="xs"
      px={8}
      py={4}
      pos="absolute"
      {...at}
      // Never in the way of drawing or panning: the notice only informs.
      style={{ zIndex: 2, pointerEvents: 'none', opacity: 0.95 }}
      className={placement === 'bottom' ? 'imagery-notice-bottom' : undefined}
      data-testid="map-imagery-notice"
      data-placement={placement}
    >
      <Group gap={0} wrap="wrap" style={{ columnGap: 12 }}>
        <Text size="xs" fw={600} style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
          <IconCloudOff size={14} aria-hidden />
          {t('map.imageryUnavailable')}
        </Text>
        {center && (
          <Text size="xs" ff="monospace" data-testid="map-imagery-coordinates">
            {/* Not `lng`: i18next reads that option as the language. */}
            {t('map.centre', {
              latitude: coordinate(center.lat, t('map.north'), t('map.south')),
              longitude: coordinate(center.lng, t('map.east'), t('map.west')),
            })}
          </Text>
        )}
      </Group>
      {/* On a small map the title and the coordinates say enough; a screen reader hears it all. */}
      <Text size="xs" visibleFrom="md">
        {fallback}
      </Text>
      <VisuallyHidden hiddenFrom="md">{fallback}</VisuallyHidden>
    </Paper>
  );
});
