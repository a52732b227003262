import { ColorSwatch, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';

export interface DonutSegment {
  key: string;
  label: string;
  color: string;
  value: number;
}

const SIZE = 220;
const RADIUS = 80;
const STROKE = 34;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A donut in plain SVG: one stroked circle per segment, its dash as long as its share. The legend lists
 * every segment with its count (zeros included) and highlights the one hovered or focused.
 */
export function DonutChart({
  segments,
  ariaLabel,
  totalLabel,
  format = String,
}: {
  segments: DonutSegment[];
  ariaLabel: string;
  totalLabel: string;
  format?: (value: number) => string;
}) {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const total = segments.reduce((sum, s) => sum + s.value, 0);
  let offset = 0;

  return (
    <Stack align="center" gap="md">
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        width="100%"
        style={{ maxWidth: SIZE }}
        role="img"
        aria-label={ariaLabel}
      >
        <circle
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          stroke="var(--mantine-color-gray-2)"
          strokeWidth={STROKE}
        />
        <g transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}>
          {segments.map((segment) => {
            if (segment.value <= 0 || total === 0) return null;
            const length = (segment.value / total) * CIRCUMFERENCE;
            const circle = (
              <circle
                key={segment.key}
                cx={SIZE / 2}
                cy={SIZE / 2}
                r={RADIUS}
                fill="none"
                stroke={segment.color}
                strokeWidth={highlighted === segment.key ? STROKE + 8 : STROKE}
                strokeDasharray={`${length} ${CIRCUMFERENCE - length}`}
                strokeDashoffset={-offset}
                opacity={highlighted === null || highlighted === segment.key ? 1 : 0.45}
              />
            );
            offset += length;
            return circle;
          })}
        </g>
        <text
          x={SIZE / 2}
          y={SIZE / 2 - 6}
          textAnchor="middle"
          fontSize={30}
          fontWeight={700}
          fill="currentColor"
        >
          {format(total)}
        </text>
        <text
          x={SIZE / 2}
          y={SIZE / 2 + 20}
          textAnchor="middle"
          fontSize={13}
          fill="var(--mantine-color-dimmed)"
        >
          {totalLabel}
        </text>
      </svg>
      <Stack gap={4} w="100%">
        {segments.map((segment) => (
          <UnstyledButton
            key={segment.key}
            onMouseEnter={() => setHighlighted(segment.key)}
            onMouseLeave={() => setHighlighted(null)}
            onFocus={() => setHighlighted(segment.key)}
            onBlur={() => setHighlighted(null)}
            data-testid="donut-legend-item"
            data-key={segment.key}
          >
            <Group justify="space-between" wrap="nowrap">
              <Group gap={8} wrap="nowrap">
                <ColorSwatch color={segment.color} size={12} withShadow={false} />
                <Text size="sm">{segment.label}</Text>
              </Group>
              <Text size="sm" fw={600}>
                {format(segment.value)}
                {total > 0 && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {Math.round((segment.value / total) * 100)}%
                  </Text>
                )}
              </Text>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Stack>
  );
}
