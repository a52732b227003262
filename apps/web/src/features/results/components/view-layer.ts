import type { MapLayer } from '@ampelos/domain';

/** What the layer picker offers: the report's tile layers and, when the analysis wrote it, the vigour layer (vector). */
export type ViewLayer = MapLayer | 'vigour';

/** The report's tile layers with the vigour layer after Plant Stress and Classification. */
export function viewLayers(layers: readonly MapLayer[], hasVigour: boolean): ViewLayer[] {
  if (!hasVigour) return [...layers];
  const after = layers.filter((layer) => layer === 'ai' || layer === 'beta').length;
  return [...layers.slice(0, after), 'vigour', ...layers.slice(after)];
}

/** The tiles under a layer: the vigour layer lies over the HD photos when the report has them. */
export function tileLayerOf(layer: ViewLayer | null, layers: readonly MapLayer[]): MapLayer | null {
  if (layer !== 'vigour') return layer;
  return layers.includes('no_pseu') ? 'no_pseu' : null;
}
