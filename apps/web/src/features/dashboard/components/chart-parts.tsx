import { Paper, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  values: number[];
  /** The tooltip's value. */
  format: (value: number) => string;
}

/**
 * The values of the point under the pointer or chosen with the arrow keys (recharts' accessibility
 * layer), as `tooltipProps.content` of a Mantine chart: the point's long label, then each series.
 */
export function chartTooltip(tooltipLabels: string[], series: ChartSeries[]) {
  return ({
    active,
    payload,
  }: {
    active?: boolean;
    payload?: readonly { payload?: { index?: number } }[];
  }) => {
    const index = payload?.[0]?.payload?.index;
    if (!active || index === undefined) return null;
    return (
      <Paper shadow="md" withBorder p="xs">
        <Text size="sm" fw={600}>
          {tooltipLabels[index]}
        </Text>
        {series.map((s) => (
          <Text key={s.key} size="sm" c={s.color}>
            {s.label}: {s.format(s.values[index] ?? 0)}
          </Text>
        ))}
      </Paper>
    );
  };
}

/** The legend in the series' order (recharts otherwise sorts it by name). */
export const legendInOrder = (series: ChartSeries[]) => ({
  verticalAlign: 'bottom' as const,
  itemSorter: (item: { dataKey?: unknown }) => series.findIndex((s) => s.key === item.dataKey),
});

/** One row per x label: `{ label, index, [series key]: value }`, the shape Mantine's charts read. */
export function chartRows(labels: string[], series: ChartSeries[]) {
  return labels.map((label, index) => {
    const row: Record<string, string | number> = { label, index };
    for (const s of series) row[s.key] = s.values[index] ?? 0;
    return row;
  });
}

/**
 * The data of a chart as a table for screen readers (the drawing is an image to them); the same
 * rows are what the CSV export writes. Each series' column heading carries its key and raw values
 * (`data-series`, `data-values`), which the browser journeys read.
 */
export function ChartDataTable({
  caption,
  head,
  series,
  rows,
}: {
  caption: string;
  /** The first column's heading (the week or month). */
  head: string;
  series: ChartSeries[];
  rows: ReactNode[][];
}) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            {series.map((s) => (
              <th key={s.key} scope="col" data-series={s.key} data-values={s.values.join(',')}>
                {s.label}
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
