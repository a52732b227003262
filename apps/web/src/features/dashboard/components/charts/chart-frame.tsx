import { Box, ColorSwatch, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { type MouseEvent, type ReactNode, useState } from 'react';

export interface LegendItem {
  key: string;
  label: string;
  color: string;
}

/**
 * The index under the pointer (the tooltip's subject), or null. `indexAt` turns a position in viewBox
 * units into an index; the hidden data table gives keyboard and screen-reader users the same values.
 */
export function useActiveIndex(indexAt: (viewX: number) => number | null, viewWidth: number) {
  const [active, setActive] = useState<number | null>(null);
  const onMouseMove = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0) return;
    setActive(indexAt(((event.clientX - box.left) / box.width) * viewWidth));
  };
  return { active, onMouseMove, onMouseLeave: () => setActive(null) };
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

/** The positioned box a chart's SVG and tooltip share. */
export function ChartBox({ children }: { children: ReactNode }) {
  return (
    <Box pos="relative" w="100%">
      {children}
    </Box>
  );
}
