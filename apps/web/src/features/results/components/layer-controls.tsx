import {
  DRAWN_BOX_HEX,
  MAP,
  type MapLayer,
  STRESS_COLOUR_HEX,
  STRESS_COLOURS,
  type VigourClass,
} from '@ampelos/domain';
import { Box, Group, Select, Slider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClassificationLegend } from './classification-legend.tsx';
import type { ViewLayer } from './view-layer.ts';
import { VigourLegend } from './vigour-legend.tsx';

interface LayerControlsProps {
  layers: ViewLayer[];
  layer: ViewLayer | null;
  onLayer: (layer: ViewLayer) => void;
  opacity: number;
  onOpacity: (opacity: number) => void;
  surfaceMap: { min: number; max: number } | null;
  /** The vigour layer's plants per class, and whether they are loaded. */
  vigour?: { counts: Record<VigourClass, number> | null; state: 'loading' | 'error' | 'ready' };
}

/** Colour ramps of the continuous layers, low → high, as `platform/imaging/tiles/layer-codes.ts` paints them. */
const RAMPS: Partial<Record<MapLayer, { colours: string; low: string; high: string }>> = {
  comb: {
    colours: 'rgb(215,48,39), rgb(252,141,89), rgb(254,224,139), rgb(145,207,96), rgb(26,152,80)',
    low: 'legend.lowChlorophyll',
    high: 'legend.highChlorophyll',
  },
  water_stress: {
    colours: 'rgb(140,81,10), rgb(216,179,101), rgb(199,234,229), rgb(90,180,172), rgb(1,102,94)',
    low: 'legend.drier',
    high: 'legend.wetter',
  },
  dsm: {
    colours:
      'rgb(26,150,65), rgb(166,217,106), rgb(255,255,191), rgb(253,174,97), rgb(150,90,60), rgb(250,250,250)',
    low: 'legend.lowest',
    high: 'legend.highest',
  },
};

function Swatch({ colour }: { colour: string }) {
  return <Box w={12} h={12} style={{ borderRadius: '50%', background: colour, border: '1px solid #fff' }} />;
}

/** Layer picker (only the report's layers), opacity 0–100 and the legend. */
export function LayerControls({
  layers,
  layer,
  onLayer,
  opacity,
  onOpacity,
  surfaceMap,
  vigour,
}: LayerControlsProps) {
  const { t } = useTranslation();
  const ramp = layer && layer !== 'vigour' ? RAMPS[layer] : undefined;
  return (
    <Stack gap="sm">
      {layers.length > 0 ? (
        <>
          <Select
            label={t('results.layer')}
            data={layers.map((value) => ({ value, label: t(`results.layers.${value}`) }))}
            value={layer}
            onChange={(value) => value && onLayer(value as ViewLayer)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            data-testid="results-layer-select"
          />
          <div>
            <Text size="sm" fw={500} id="results-opacity-label">
              {t('results.opacity', { value: opacity })}
            </Text>
            <Slider
              min={MAP.layerOpacityMin}
              max={MAP.layerOpacityMax}
              step={5}
              value={opacity}
              onChange={onOpacity}
              label={(value) => `${value}%`}
              thumbLabel={t('results.opacityLabel')}
              data-testid="results-opacity"
            />
          </div>
        </>
      ) : (
        <Text size="sm" c="dimmed" data-testid="results-no-layers">
          {t('results.noLayers')}
        </Text>
      )}
      <Stack gap={4} data-testid="results-legend">
        {/* On the Classification layer the plant markers take their class's colour instead. */}
        {layer !== 'beta' && (
          <>
            <Text size="sm" fw={500}>
              {t('results.legend.title')}
            </Text>
            {STRESS_COLOURS.map((colour) => (
              <Group key={colour} gap={6} wrap="nowrap">
                <Swatch colour={STRESS_COLOUR_HEX[colour]} />
                <Text size="xs">{t(`results.colours.${colour}`)}</Text>
              </Group>
            ))}
            <Group gap={6} wrap="nowrap">
              <Swatch colour={DRAWN_BOX_HEX} />
              <Text size="xs">{t('results.colours.drawn')}</Text>
            </Group>
          </>
        )}
        {layer === 'beta' && <ClassificationLegend />}
        {layer === 'vigour' && (
          <VigourLegend counts={vigour?.counts ?? null} state={vigour?.state ?? 'loading'} />
        )}
        {ramp && (
          <Stack gap={2} mt={4}>
            <Box
              h={10}
              style={{ borderRadius: 4, background: `linear-gradient(to right, ${ramp.colours})` }}
            />
            <Group justify="space-between">
              <Text size="xs">
                {layer === 'dsm' && surfaceMap ? `${surfaceMap.min.toFixed(1)} m` : t(`results.${ramp.low}`)}
              </Text>
              <Text size="xs">
                {layer === 'dsm' && surfaceMap ? `${surfaceMap.max.toFixed(1)} m` : t(`results.${ramp.high}`)}
              </Text>
            </Group>
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
