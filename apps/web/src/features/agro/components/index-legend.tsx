import { INDEX_PALETTES } from '@ampelos/domain';
import { Box, Group, Text } from '@mantine/core';

/** A colour bar of an index image's scale with its end and middle values. */
export function IndexLegend({ palette, label }: { palette: keyof typeof INDEX_PALETTES; label: string }) {
  const stops = INDEX_PALETTES[palette];
  const first = stops[0]?.[0] ?? 0;
  const last = stops.at(-1)?.[0] ?? 1;
  const gradient = stops
    .map(
      ([value, [r, g, b]]) => `rgb(${r} ${g} ${b}) ${(((value - first) / (last - first)) * 100).toFixed(1)}%`,
    )
    .join(', ');
  const signed = (value: number) => (palette === 'change' && value > 0 ? `+${value}` : String(value));
  return (
    <Box data-testid={`index-legend-${palette}`}>
      <Text size="xs" fw={600}>
        {label}
      </Text>
      <Box h={10} style={{ background: `linear-gradient(to right, ${gradient})`, borderRadius: 2 }} />
      <Group justify="space-between" gap={0}>
        <Text size="xs">{signed(first)}</Text>
        <Text size="xs">{signed((first + last) / 2)}</Text>
        <Text size="xs">{signed(last)}</Text>
      </Group>
    </Box>
  );
}
