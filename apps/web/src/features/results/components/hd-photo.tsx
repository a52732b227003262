import {
  BREAKPOINTS,
  MAP,
  type ResultsBoxView,
  type ResultsPhotoView,
  stressColourHex,
} from '@ampelos/domain';
import { Box } from '@mantine/core';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface DraftBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface HdPhotoProps {
  photo: ResultsPhotoView;
  selectedBoxId: string | null;
  onSelectBox: (box: ResultsBoxView) => void;
  /** Window width (the line width and the drag-to-pan rule depend on it). */
  viewportWidth: number;
  /** Width available to the photo. */
  frameWidth: number;
  frameHeight: number;
  /** Fit the photo to the frame instead of showing it at its own size (always on small screens). */
  fit: boolean;
  drawing: boolean;
  draft: DraftBox | null;
  onDraft: (draft: DraftBox | null) => void;
}

/** Smallest box a drag makes, in screen pixels (a click is not a box). */
const MIN_DRAG_PX = 6;

/**
 * The HD photo with its boxes (line width 3, 10 above 992 px wide, scaled with the photo). Above
 * 1024 px the photo is shown at its own size and dragged to pan; in drawing mode a drag draws a box.
 */
export function HdPhoto(props: HdPhotoProps) {
  const {
    photo,
    selectedBoxId,
    onSelectBox,
    viewportWidth,
    frameWidth,
    frameHeight,
    drawing,
    draft,
    onDraft,
  } = props;
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const pannable = viewportWidth > BREAKPOINTS.imageDrag && !props.fit;
  const width = natural ? (pannable ? natural.w : Math.min(natural.w, frameWidth)) : frameWidth;
  const scale = natural ? width / natural.w : 1;
  const lineWidth =
    viewportWidth > MAP.annotationWideAbovePx ? MAP.annotationLineWidthWide : MAP.annotationLineWidth;
  const border = Math.max(2, lineWidth * scale);
  const gesture = useRef<{ x: number; y: number; left: number; top: number; moved: boolean } | null>(null);
  const [dragRect, setDragRect] = useState<DraftBox | null>(null);

  // Bring the selected box into view when the photo is larger than its frame.
  useEffect(() => {
    const box = photo.boxes.find((b) => b.id === selectedBoxId);
    const element = frame.current;
    if (!box || !element || !natural) return;
    element.scrollLeft = (box.x + box.w / 2) * scale - element.clientWidth / 2;
    element.scrollTop = (box.y + box.h / 2) * scale - element.clientHeight / 2;
  }, [photo, selectedBoxId, natural, scale]);

  const imagePoint = (event: ReactPointerEvent) => {
    const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    const element = frame.current;
    const start = drawing ? imagePoint(event) : { x: event.clientX, y: event.clientY };
    gesture.current = {
      ...start,
      left: element?.scrollLeft ?? 0,
      top: element?.scrollTop ?? 0,
      moved: false,
    };
    if (drawing) {
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setDragRect({ x: start.x, y: start.y, w: 0, h: 0 });
    }
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    const start = gesture.current;
    if (!start) return;
    if (drawing) {
      const point = imagePoint(event);
      setDragRect({
        x: Math.min(start.x, point.x),
        y: Math.min(start.y, point.y),
        w: Math.abs(point.x - start.x),
        h: Math.abs(point.y - start.y),
      });
      return;
    }
    if (!pannable || !frame.current) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!start.moved && Math.hypot(dx, dy) < 4) return;
    start.moved = true;
    frame.current.scrollLeft = start.left - dx;
    frame.current.scrollTop = start.top - dy;
  }

  function onPointerUp() {
    const rect = dragRect;
    gesture.current = null;
    setDragRect(null);
    if (!drawing || !rect || !natural || rect.w < MIN_DRAG_PX || rect.h < MIN_DRAG_PX) return;
    const x = Math.max(0, rect.x / scale);
    const y = Math.max(0, rect.y / scale);
    onDraft({
      x: Math.round(x),
      y: Math.round(y),
      w: Math.round(Math.min(natural.w - x, rect.w / scale)),
      h: Math.round(Math.min(natural.h - y, rect.h / scale)),
    });
  }

  const shownDraft = dragRect ?? (draft ? scaled(draft, scale) : null);
  return (
    <Box
      ref={frame}
      w={Math.min(frameWidth, viewportWidth - BREAKPOINTS.imageWidthMargin)}
      mah={frameHeight}
      style={{
        overflow: pannable ? 'auto' : 'hidden',
        cursor: drawing ? 'crosshair' : pannable ? 'grab' : 'default',
      }}
      data-testid="results-hd-frame"
      data-pannable={pannable || undefined}
    >
      <Box
        pos="relative"
        w={width}
        style={{ touchAction: drawing ? 'none' : 'auto', userSelect: 'none' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <img
          src={photo.hdUrl}
          alt={t('results.photoAlt', { file: photo.file })}
          draggable={false}
          onLoad={(event) =>
            setNatural({ w: event.currentTarget.naturalWidth, h: event.currentTarget.naturalHeight })
          }
          style={{ display: 'block', width, maxWidth: 'none' }}
          data-testid="results-hd-image"
        />
        {natural &&
          photo.boxes.map((box) => {
            const selected = box.id === selectedBoxId;
            return (
              <button
                key={box.id}
                type="button"
                aria-pressed={selected}
                aria-label={t('results.boxLabel', { id: box.id })}
                data-testid="results-box"
                data-box-id={box.id}
                onPointerDown={(event) => drawing || event.stopPropagation()}
                onClick={() => !drawing && onSelectBox(box)}
                style={{
                  position: 'absolute',
                  left: box.x * scale - border,
                  top: box.y * scale - border,
                  width: box.w * scale,
                  height: box.h * scale,
                  border: `${border}px solid ${stressColourHex(box.colour)}`,
                  boxSizing: 'content-box',
                  background: selected ? 'rgba(255, 255, 255, 0.25)' : 'transparent',
                  outline: selected ? '2px solid #fff' : 'none',
                  padding: 0,
                  cursor: drawing ? 'crosshair' : 'pointer',
                  pointerEvents: drawing ? 'none' : 'auto',
                }}
              />
            );
          })}
        {shownDraft && (
          <Box
            pos="absolute"
            left={shownDraft.x}
            top={shownDraft.y}
            w={shownDraft.w}
            h={shownDraft.h}
            style={{ border: `${border}px dashed #fff`, boxSizing: 'border-box', pointerEvents: 'none' }}
            data-testid="results-draft-box"
          />
        )}
      </Box>
    </Box>
  );
}

const scaled = (box: DraftBox, scale: number): DraftBox => ({
  x: box.x * scale,
  y: box.y * scale,
  w: box.w * scale,
  h: box.h * scale,
});
