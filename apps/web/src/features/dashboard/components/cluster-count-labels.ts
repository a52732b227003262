import { type Map as MapLibreMap, Marker } from 'maplibre-gl';

/**
 * The number of fields on each cluster in view, as small HTML labels: the keyless base style has no
 * glyphs for a symbol layer (and offline none can be fetched), and a cluster without its count does not
 * say how many fields it holds. Labels are refreshed when the map stops moving and when the clustered
 * source has loaded; a zoom re-forms the clusters, so they are taken away when one starts. They ignore
 * the pointer: a click still reaches the cluster layer under them. Returns the clean-up.
 */
export function showClusterCounts(map: MapLibreMap, sourceId: string, clusterLayerId: string): () => void {
  const labels = new Map<number, Marker>();
  const clear = () => {
    for (const marker of labels.values()) marker.remove();
    labels.clear();
  };
  const refresh = () => {
    if (!map.getLayer(clusterLayerId) || map.isMoving()) return;
    const inView = new Set<number>();
    for (const feature of map.queryRenderedFeatures({ layers: [clusterLayerId] })) {
      const id = feature.properties?.cluster_id;
      if (typeof id !== 'number' || inView.has(id) || feature.geometry.type !== 'Point') continue;
      inView.add(id);
      const position = feature.geometry.coordinates as [number, number];
      const text = String(feature.properties?.point_count_abbreviated ?? '');
      const known = labels.get(id);
      if (known) {
        // New data may give an id to another cluster.
        known.setLngLat(position);
        known.getElement().textContent = text;
        continue;
      }
      const element = document.createElement('div');
      element.textContent = text;
      element.setAttribute('aria-hidden', 'true');
      Object.assign(element.style, {
        pointerEvents: 'none',
        font: '600 12px/1 system-ui, sans-serif',
        color: '#1a1b1e',
      });
      labels.set(id, new Marker({ element }).setLngLat(position).addTo(map));
    }
    for (const [id, marker] of labels) {
      if (inView.has(id)) continue;
      marker.remove();
      labels.delete(id);
    }
  };
  const onSourceData = (event: { sourceId?: string; isSourceLoaded?: boolean }) => {
    if (event.sourceId === sourceId && event.isSourceLoaded) refresh();
  };
  map.on('moveend', refresh);
  map.on('idle', refresh);
  map.on('sourcedata', onSourceData);
  map.on('zoomstart', clear);
  refresh();
  return () => {
    map.off('moveend', refresh);
    map.off('idle', refresh);
    map.off('sourcedata', onSourceData);
    map.off('zoomstart', clear);
    clear();
  };
}
