import { Badge, Box } from '@mantine/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BaseMap,
  type RasterOverlay,
  setPolygonOutlines,
  setRasterOverlay,
} from '../../../components/map/index.ts';

const COMPARE_LAYER = 'compare-layer';
const COMPARE_OUTLINE = 'compare-field';
const KEY_STEP = 5;

export interface SwipeSide {
  overlay: RasterOverlay;
  label: string;
}

interface SwipeCompareProps {
  /** The results map: its camera leads, this map follows (and the other way round). */
  main: MapLibreMap;
  right: SwipeSide;
  leftLabel: string;
  ring: [number, number][] | null;
}

/** Keeps two maps' cameras together; a guard stops the echo of the copied move. */
function syncCameras(a: MapLibreMap, b: MapLibreMap) {
  let copying = false;
  const copy = (from: MapLibreMap, to: MapLibreMap) => () => {
    if (copying) return;
    copying = true;
    to.jumpTo({
      center: from.getCenter(),
      zoom: from.getZoom(),
      bearing: from.getBearing(),
      pitch: from.getPitch(),
    });
    copying = false;
  };
  const aToB = copy(a, b);
  const bToA = copy(b, a);
  a.on('move', aToB);
  b.on('move', bToA);
  aToB();
  return () => {
    a.off('move', aToB);
    b.off('move', bToA);
  };
}

/**
 * Side-by-side swipe: a second map over the results map, clipped to the right of a divider the user
 * drags (or moves with the arrow keys). Both maps pan and zoom together; each answers the pointer
 * on its own side (clip-path also clips hit testing).
 */
export function SwipeCompare({ main, right, leftLabel, ring }: SwipeCompareProps) {
  const { t } = useTranslation();
  const [position, setPosition] = useState(50);
  const [other, setOther] = useState<MapLibreMap | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [initialView] = useState(() => ({
    center: main.getCenter().toArray() as [number, number],
    zoom: main.getZoom(),
  }));

  useEffect(() => (other ? syncCameras(main, other) : undefined), [main, other]);
  useEffect(() => {
    if (!other) return;
    if (ring) setPolygonOutlines(other, COMPARE_OUTLINE, [{ ring }], { fillOpacity: 0, width: 2 });
    setRasterOverlay(other, COMPARE_LAYER, { ...right.overlay, beforeId: `${COMPARE_OUTLINE}-fill` });
  }, [other, right.overlay, ring]);

  const moveTo = (clientX: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPosition(Math.min(100, Math.max(0, ((clientX - box.left) / box.width) * 100)));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    moveTo(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) moveTo(event.clientX);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowLeft' ? -KEY_STEP : event.key === 'ArrowRight' ? KEY_STEP : 0;
    if (step === 0) return;
    event.preventDefault();
    setPosition((value) => Math.min(100, Math.max(0, value + step)));
  };

  return (
    <Box
      ref={frame}
      pos="absolute"
      inset={0}
      style={{ pointerEvents: 'none', zIndex: 1 }}
      data-testid="results-swipe"
      data-position={Math.round(position)}
    >
      <BaseMap
        // The layers panel holds the top-left corner.
        imageryNotice="bottom"
        pos="absolute"
        top={0}
        left={0}
        w="100%"
        h="100%"
        initialView={initialView}
        onReady={setOther}
        style={{ clipPath: `inset(0 0 0 ${position}%)`, pointerEvents: 'auto' }}
        data-testid="results-swipe-map"
      />
      <Box
        pos="absolute"
        top={0}
        bottom={0}
        w={24}
        left={`calc(${position}% - 12px)`}
        role="slider"
        tabIndex={0}
        aria-label={t('results.compare.divider')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(position)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onKeyDown={onKeyDown}
        style={{
          pointerEvents: 'auto',
          cursor: 'ew-resize',
          touchAction: 'none',
          display: 'flex',
          justifyContent: 'center',
        }}
        data-testid="results-swipe-divider"
      >
        <Box w={3} h="100%" bg="white" style={{ boxShadow: '0 0 4px rgba(0,0,0,0.6)' }} />
      </Box>
      <Badge pos="absolute" bottom={36} left={12} color="dark" style={{ pointerEvents: 'none' }}>
        {leftLabel}
      </Badge>
      <Badge pos="absolute" bottom={36} right={12} color="dark" style={{ pointerEvents: 'none' }}>
        {right.label}
      </Badge>
    </Box>
  );
}
