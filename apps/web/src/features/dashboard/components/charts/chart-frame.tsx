import { Box, ColorSwatch, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type KeyboardEvent, type MouseEvent, type ReactNode, type Ref, useState } from 'react';
import { CHART_BOX } from './chart-scale.ts';

const MIN_CHART_WIDTH = 260;

export interface LegendItem {
  key: string;
  label: string;
  color: string;
}

/** Where an arrow, Home or End key moves the active index (null: not a moving key, or no data). */
function keyedIndex(key: string, current: number | null, count: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  if (key === 'ArrowRight') return current === null ? 0 : Math.min(last, current + 1);
  if (key === 'ArrowLeft') return current === null ? last : Math.max(0, current - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

/**
 * The index under the pointer or chosen with the arrow keys (the tooltip's subject), or null. `indexAt`
 * turns a position in viewBox units into an index; the hidden data table gives screen-reader users the
 * same values.
 */
export function useActiveIndex(indexAt: (viewX: number) => number | null, viewWidth: number, count: number) {
  const [active, setActive] = useState<number | null>(null);
  const onMouseMove = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0) return;
    setActive(indexAt(((event.clientX - box.left) / box.width) * viewWidth));
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.key === 'Escape') setActive(null);
    const next = keyedIndex(event.key, active, count);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  };
  return {
    active,
    handlers: {
      onMouseMove,
      onMouseLeave: () => setActive(null),
      onKeyDown,
      onBlur: () => setActive(null),
      tabIndex: 0,
    },
  };
}

/** A colour swatch per series. */
export function ChartLegend({ items }: { items: LegendItem[] }) {
  return (
    <Group gap="md" justify="center">
      {items.map((item) => (
        <Group key={item.key} gap={6} wrap="nowrap">
          <ColorSwatch color={item.color} size={12} withShadow={false} />
          <Text size="sm">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** The values under the pointer, floating over the chart near `xPercent`. */
export function ChartTooltip({ xPercent, children }: { xPercent: number; children: ReactNode }) {
  const alignRight = xPercent > 60;
  return (
    <Paper
      shadow="md"
      withBorder
      p="xs"
      pos="absolute"
      top={8}
      style={{
        pointerEvents: 'none',
        zIndex: 1,
        ...(alignRight ? { right: `${100 - xPercent + 2}%` } : { left: `${xPercent + 2}%` }),
      }}
    >
      {children}
    </Paper>
  );
}

/**
 * The data of a chart as a table for screen readers (the drawing is an image to them); the same
 * rows are what the CSV export writes.
 */
export function ChartDataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
}) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional (one per week or month)
            <tr key={i}>
              {row.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

/**
 * The chart's width in CSS pixels, used as its viewBox width so that text keeps its size on a phone
 * and on a wide screen alike (a fixed viewBox scaled to 330 px would shrink 12 px labels to 5 px).
 */
export function useChartWidth() {
  const { ref, width } = useElementSize();
  return { ref, width: width > 0 ? Math.max(MIN_CHART_WIDTH, Math.round(width)) : CHART_BOX.width };
}

/** The positioned box a chart's SVG and tooltip share. */
export function ChartBox({ children, ref }: { children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <Box pos="relative" w="100%" ref={ref}>
      {children}
    </Box>
  );
}
