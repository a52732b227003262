import { Stack, Text } from '@mantine/core';
import { ChartBox, ChartLegend, ChartTooltip, useActiveIndex, useChartWidth } from './chart-frame.tsx';
import { CHART_BOX, labelIndexes, labelsThatFit, niceTicks } from './chart-scale.ts';

export interface LineSeries {
  key: string;
  label: string;
  color: string;
  values: number[];
  /** The right axis carries a second unit (counts next to euros). */
  axis?: 'left' | 'right';
  integers?: boolean;
  /** Axis labels. */
  format: (value: number) => string;
  /** The tooltip's value (default: `format`). */
  formatExact?: (value: number) => string;
}

export interface LineChartProps {
  /** Short labels under the x axis, one per point. */
  labels: string[];
  /** Longer labels for the tooltip (default: `labels`). */
  tooltipLabels?: string[];
  series: LineSeries[];
  ariaLabel: string;
  maxXLabels?: number;
}

const { height, top, bottom, left, right } = CHART_BOX;
const plotHeight = height - top - bottom;

/** A line chart in plain SVG, with a left and an optional right axis; hover or arrow keys show the values. */
export function LineChart({
  labels,
  tooltipLabels = labels,
  series,
  ariaLabel,
  maxXLabels = 8,
}: LineChartProps) {
  const { ref, width } = useChartWidth();
  const plotWidth = width - left - right;
  const count = labels.length;
  const x = (i: number) => left + (count <= 1 ? plotWidth / 2 : (i * plotWidth) / (count - 1));
  const { active, handlers } = useActiveIndex(
    (viewX) => {
      if (count === 0 || viewX < left - 10 || viewX > width - right + 10) return null;
      const i = count <= 1 ? 0 : Math.round(((viewX - left) / plotWidth) * (count - 1));
      return Math.max(0, Math.min(count - 1, i));
    },
    width,
    count,
  );
  const axisTicks = (axis: 'left' | 'right') => {
    const onAxis = series.filter((s) => (s.axis ?? 'left') === axis);
    if (onAxis.length === 0) return null;
    const max = Math.max(0, ...onAxis.flatMap((s) => s.values));
    return {
      ticks: niceTicks(max, { integers: onAxis.every((s) => s.integers) }),
      format: onAxis[0]?.format,
    };
  };
  const leftAxis = axisTicks('left');
  const rightAxis = axisTicks('right');
  const y = (value: number, axis: 'left' | 'right') => {
    const ticks = (axis === 'left' ? leftAxis : rightAxis)?.ticks ?? [0, 1];
    const top_ = ticks.at(-1) || 1;
    return top + plotHeight - (value / top_) * plotHeight;
  };
  const shownLabels = labelIndexes(count, labelsThatFit(plotWidth, maxXLabels));

  return (
    <Stack gap="xs">
      <ChartBox ref={ref}>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          role="img"
          aria-label={ariaLabel}
          {...handlers}
          style={{ display: 'block', outlineOffset: 2 }}
        >
          {leftAxis?.ticks.map((tick) => (
            <g key={`l${tick}`}>
              <line
                x1={left}
                x2={width - right}
                y1={y(tick, 'left')}
                y2={y(tick, 'left')}
                stroke="var(--mantine-color-gray-3)"
              />
              <text
                x={left - 8}
                y={y(tick, 'left')}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize={12}
                fill="var(--mantine-color-dimmed)"
              >
                {leftAxis.format?.(tick)}
              </text>
            </g>
          ))}
          {rightAxis?.ticks.map((tick) => (
            <text
              key={`r${tick}`}
              x={width - right + 8}
              y={y(tick, 'right')}
              dominantBaseline="middle"
              fontSize={12}
              fill="var(--mantine-color-dimmed)"
            >
              {rightAxis.format?.(tick)}
            </text>
          ))}
          {labels.map((label, i) =>
            shownLabels.has(i) ? (
              <text
                // biome-ignore lint/suspicious/noArrayIndexKey: DD/MM labels repeat over ranges of years
                key={i}
                x={x(i)}
                y={height - 12}
                textAnchor="middle"
                fontSize={12}
                fill="var(--mantine-color-dimmed)"
              >
                {label}
              </text>
            ) : null,
          )}
          {active !== null && (
            <line
              x1={x(active)}
              x2={x(active)}
              y1={top}
              y2={top + plotHeight}
              stroke="var(--mantine-color-gray-5)"
            />
          )}
          {series.map((s) => (
            <g key={s.key}>
              <polyline
                data-series={s.key}
                data-values={s.values.join(',')}
                points={s.values.map((value, i) => `${x(i)},${y(value, s.axis ?? 'left')}`).join(' ')}
                fill="none"
                stroke={s.color}
                strokeWidth={2.5}
                strokeLinejoin="round"
              />
              {active !== null && s.values[active] !== undefined && (
                <circle
                  cx={x(active)}
                  cy={y(s.values[active] ?? 0, s.axis ?? 'left')}
                  r={4.5}
                  fill={s.color}
                />
              )}
            </g>
          ))}
        </svg>
        {active !== null && (
          <ChartTooltip xPercent={(x(active) / width) * 100}>
            <Text size="sm" fw={600}>
              {tooltipLabels[active]}
            </Text>
            {series.map((s) => (
              <Text key={s.key} size="sm" c={s.color}>
                {s.label}: {(s.formatExact ?? s.format)(s.values[active] ?? 0)}
              </Text>
            ))}
          </ChartTooltip>
        )}
      </ChartBox>
      <ChartLegend items={series} />
    </Stack>
  );
}
