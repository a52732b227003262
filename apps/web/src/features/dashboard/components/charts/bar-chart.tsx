import { Stack, Text } from '@mantine/core';
import { ChartBox, ChartLegend, ChartTooltip, useActiveIndex, useChartWidth } from './chart-frame.tsx';
import { CHART_BOX, labelIndexes, labelsThatFit, niceTicks } from './chart-scale.ts';

export interface BarSeries {
  key: string;
  label: string;
  color: string;
  values: number[];
}

export interface BarChartProps {
  labels: string[];
  tooltipLabels?: string[];
  /** Stacked bottom to top in this order. */
  series: BarSeries[];
  ariaLabel: string;
  format: (value: number) => string;
  integers?: boolean;
  maxXLabels?: number;
}

const { height, top, bottom, left } = CHART_BOX;
const right = 16;
const plotHeight = height - top - bottom;

/** Stacked bars in plain SVG; hover or arrow keys show each part and the total. */
export function BarChart({
  labels,
  tooltipLabels = labels,
  series,
  ariaLabel,
  format,
  integers = false,
  maxXLabels = 12,
}: BarChartProps) {
  const { ref, width } = useChartWidth();
  const count = labels.length;
  const plotWidth = width - left - right;
  const slot = plotWidth / Math.max(1, count);
  const { active, handlers } = useActiveIndex(
    (viewX) => {
      const i = Math.floor((viewX - left) / slot);
      return i >= 0 && i < count ? i : null;
    },
    width,
    count,
  );
  const barWidth = Math.min(56, slot * 0.7);
  const totals = labels.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const ticks = niceTicks(Math.max(0, ...totals), { integers });
  const scale = plotHeight / (ticks.at(-1) || 1);
  const y = (value: number) => top + plotHeight - value * scale;
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
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={left}
                x2={width - right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="var(--mantine-color-gray-3)"
              />
              <text
                x={left - 8}
                y={y(tick)}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize={12}
                fill="var(--mantine-color-dimmed)"
              >
                {format(tick)}
              </text>
            </g>
          ))}
          {labels.map((label, i) => {
            const centre = left + slot * i + slot / 2;
            let base = 0;
            return (
              <g key={label} opacity={active === null || active === i ? 1 : 0.6}>
                {series.map((s) => {
                  const value = s.values[i] ?? 0;
                  const bar = (
                    <rect
                      key={s.key}
                      data-series={s.key}
                      data-value={value}
                      x={centre - barWidth / 2}
                      y={y(base + value)}
                      width={barWidth}
                      height={value * scale}
                      fill={s.color}
                    />
                  );
                  base += value;
                  return value > 0 ? bar : null;
                })}
                {shownLabels.has(i) && (
                  <text
                    x={centre}
                    y={height - 12}
                    textAnchor="middle"
                    fontSize={12}
                    fill="var(--mantine-color-dimmed)"
                  >
                    {label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
        {active !== null && (
          <ChartTooltip xPercent={((left + slot * active + slot / 2) / width) * 100}>
            <Text size="sm" fw={600}>
              {tooltipLabels[active]}
            </Text>
            {series.map((s) => (
              <Text key={s.key} size="sm" c={s.color}>
                {s.label}: {format(s.values[active] ?? 0)}
              </Text>
            ))}
          </ChartTooltip>
        )}
      </ChartBox>
      <ChartLegend items={series} />
    </Stack>
  );
}
