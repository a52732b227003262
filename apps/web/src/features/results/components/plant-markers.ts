import { MAP, PLANT_CLASS_HEX, plantClass, type ReportResultsView, stressColourHex } from '@ampelos/domain';
import type { FeatureCollection, Point } from 'geojson';
import { type GeoJSONSource, type Map as MapLibreMap, Marker } from 'maplibre-gl';
import { MAP_COLOURS } from '../../../components/map/index.ts';
import { PERSON_MARKER_RADIUS } from './classification-legend.tsx';

export const PLANTS_SOURCE = 'results-plants';
/** The deepest zoom MapLibre builds GeoJSON tiles for. */
const SOURCE_MAX_ZOOM = 24;

export interface PlantRef {
  boxId: string;
  base: string;
}

/**
 * Every box of every photo as a point at its own ground position, coloured by its stress colour or,
 * on the Classification layer, by its class (a plant a person assessed is marked as such).
 */
export function plantCollection(
  results: ReportResultsView,
  colourBy: 'stress' | 'class' = 'stress',
): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: results.photos.flatMap((photo) =>
      photo.boxes.map((box) => {
        const found = plantClass(box);
        const byClass = colourBy === 'class';
        return {
          type: 'Feature' as const,
          properties: {
            boxId: box.id,
            base: photo.base,
            colour: byClass ? PLANT_CLASS_HEX[found.key] : stressColourHex(box.colour),
            plantClass: found.key,
            person: byClass && found.byPerson,
          },
          geometry: { type: 'Point' as const, coordinates: [box.lng, box.lat] },
        };
      }),
    ),
  };
}

/** Cluster colour and size by its count: steps at 100 and 750 points (spec section 9). */
function clusterLook(count: number): { colour: string; size: number } {
  const [low, high] = MAP.clusterColourSteps;
  if (count >= high) return { colour: MAP_COLOURS.cluster[2], size: 52 };
  if (count >= low) return { colour: MAP_COLOURS.cluster[1], size: 42 };
  return { colour: MAP_COLOURS.cluster[0], size: 32 };
}

function markerButton(style: Partial<CSSStyleDeclaration>, label: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', label);
  Object.assign(button.style, {
    padding: '0',
    borderRadius: '50%',
    border: '2px solid #ffffff',
    boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.45)',
    cursor: 'pointer',
    ...style,
  });
  return button;
}

/**
 * Clustered stressed plants (radius 50; clusters kept to the deepest zoom: plants closer than 50 px
 * stay grouped, and a cluster that cannot split lists its plants). Clusters and plants are HTML
 * buttons over the map, so they can be focused and clicked, and the counts need no font download.
 */
export function installPlantMarkers(
  map: MapLibreMap,
  data: FeatureCollection<Point>,
  handlers: {
    onPlant: (plant: PlantRef) => void;
    onCluster: (plants: PlantRef[], at: [number, number]) => void;
    plantLabel: string;
    /** Label of a plant whose class a person chose. */
    personPlantLabel: string;
    clusterLabel: (count: number) => string;
  },
) {
  map.addSource(PLANTS_SOURCE, {
    type: 'geojson',
    data,
    cluster: true,
    clusterRadius: MAP.clusterRadius,
    // Spec: clusters up to zoom 30 on the report map. The map stops at 23, so clustering up to the
    // source's deepest zoom (24 − 1) behaves the same at every reachable zoom, without MapLibre's
    // warning about a cluster zoom beyond the source's.
    clusterMaxZoom: Math.min(MAP.clusterMaxZoomReport, SOURCE_MAX_ZOOM - 1),
    maxzoom: SOURCE_MAX_ZOOM,
  });
  // MapLibre loads a source's tiles only for a layer that uses it: an invisible one, so the
  // markers below can read the clustered features.
  map.addLayer({
    id: `${PLANTS_SOURCE}-hidden`,
    type: 'circle',
    source: PLANTS_SOURCE,
    paint: { 'circle-radius': 0, 'circle-opacity': 0, 'circle-stroke-opacity': 0 },
  });

  const markers = new Map<string, Marker>();
  const shown = new Set<string>();

  async function openCluster(clusterId: number, at: [number, number]) {
    const source = map.getSource<GeoJSONSource>(PLANTS_SOURCE);
    if (!source) return;
    const zoom = await source.getClusterExpansionZoom(clusterId);
    if (zoom <= map.getMaxZoom()) {
      map.easeTo({ center: at, zoom });
      return;
    }
    const leaves = await source.getClusterLeaves(clusterId, 100, 0);
    handlers.onCluster(
      leaves.map((leaf) => leaf.properties as PlantRef),
      at,
    );
  }

  function markerFor(key: string, properties: Record<string, unknown>, at: [number, number]): Marker {
    const existing = markers.get(key);
    if (existing) return existing;
    let button: HTMLButtonElement;
    if (properties.cluster) {
      const count = properties.point_count as number;
      const { colour, size } = clusterLook(count);
      button = markerButton(
        {
          width: `${size}px`,
          height: `${size}px`,
          background: colour,
          color: '#1a1b1e',
          font: '600 13px system-ui, sans-serif',
        },
        handlers.clusterLabel(count),
      );
      button.textContent = String(properties.point_count_abbreviated ?? count);
      button.dataset.testid = 'results-cluster';
      button.addEventListener('click', (event) => {
        event.stopPropagation();
        void openCluster(properties.cluster_id as number, at);
      });
    } else {
      const { boxId, base, colour, person, plantClass } = properties as {
        boxId: string;
        base: string;
        colour: string;
        person: boolean;
        plantClass: string;
      };
      button = markerButton(
        {
          width: '18px',
          height: '18px',
          background: colour,
          ...(person ? { borderRadius: PERSON_MARKER_RADIUS, boxShadow: '0 0 0 2px #111111' } : {}),
        },
        person ? handlers.personPlantLabel : handlers.plantLabel,
      );
      button.dataset.testid = 'results-marker';
      button.dataset.boxId = boxId;
      button.dataset.plantClass = plantClass;
      if (person) button.dataset.person = 'true';
      button.addEventListener('click', (event) => {
        // The popup opens within this click: the map must not see it (it closes popups on click).
        event.stopPropagation();
        handlers.onPlant({ boxId, base });
      });
    }
    const marker = new Marker({ element: button }).setLngLat(at);
    markers.set(key, marker);
    return marker;
  }

  /** Shows a marker for each cluster and single plant in the loaded tiles, removes the others. */
  function sync() {
    if (!map.getSource(PLANTS_SOURCE) || !map.isSourceLoaded(PLANTS_SOURCE)) return;
    const visible = new Set<string>();
    for (const feature of map.querySourceFeatures(PLANTS_SOURCE)) {
      const properties = feature.properties ?? {};
      // A plant's look is in its key: features of the data before a setData can still be in the
      // loaded tiles for a moment, and their markers must not outlive them with the old colour.
      const key = properties.cluster
        ? `cluster-${properties.cluster_id}-${properties.point_count}`
        : `plant-${properties.boxId}-${properties.colour}-${properties.person}`;
      if (visible.has(key)) continue;
      visible.add(key);
      const at = (feature.geometry as Point).coordinates as [number, number];
      if (!shown.has(key)) markerFor(key, properties, at).addTo(map);
    }
    for (const key of shown) if (!visible.has(key)) markers.get(key)?.remove();
    shown.clear();
    for (const key of visible) shown.add(key);
  }

  map.on('moveend', sync);
  map.on('sourcedata', (event) => {
    if (event.sourceId === PLANTS_SOURCE && event.isSourceLoaded) sync();
  });

  return {
    setData(next: FeatureCollection<Point>) {
      for (const marker of markers.values()) marker.remove();
      markers.clear();
      shown.clear();
      map.getSource<GeoJSONSource>(PLANTS_SOURCE)?.setData(next);
    },
  };
}
