import type { ReportResultsView, ResultsBoxView } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import { plantCollection } from './plant-markers.ts';
import { personAssessedPlants } from './plant-overlays.ts';
import { tileLayerOf, viewLayers } from './view-layer.ts';

const RING: [number, number][] = [
  [22.71, 37.8175],
  [22.71, 37.8174],
  [22.7101, 37.8174],
  [22.7101, 37.8175],
  [22.71, 37.8175],
];
const box = (overrides: Partial<ResultsBoxView>): ResultsBoxView => ({
  id: 'DJI_0001-1',
  x: 0,
  y: 0,
  w: 10,
  h: 10,
  lng: 22.71,
  lat: 37.8175,
  colour: 'yellow',
  className: 'Not Classified',
  factor: null,
  comment: null,
  annotatedAt: null,
  annotatedBy: null,
  drawn: false,
  ring: RING,
  ...overrides,
});
const results = {
  photos: [
    {
      base: 'DJI_0001',
      boxes: [
        box({}),
        box({ id: 'DJI_0001-2', colour: 'red', factor: 'esca', annotatedBy: 'Eleni' }),
        box({ id: 'DJI_0001-3', colour: 'blue', comment: 'Looks dry' }),
        box({ id: 'DJI_0001-u1', colour: null, drawn: true, factor: 'spider_mites', ring: null }),
      ],
    },
  ],
} as unknown as ReportResultsView;

describe('plants on the Classification layer', () => {
  it('colours markers by stress on the other layers and by class on the Classification layer', () => {
    const stress = plantCollection(results).features.map((f) => f.properties);
    expect(stress.map((p) => p?.colour)).toEqual(['#f2c811', '#e0241f', '#1f6fe0', '#20c997']);
    expect(stress.every((p) => p?.person === false)).toBe(true);
    const classes = plantCollection(results, 'class').features.map((f) => f.properties);
    // Esca is a trunk disease; a comment alone leaves the plant unclassified; mites are another factor.
    expect(classes.map((p) => p?.plantClass)).toEqual([
      'notClassified',
      'trunkDiseases',
      'notClassified',
      'otherFactor',
    ]);
    expect(classes.map((p) => p?.colour)).toEqual(['#969696', '#784614', '#969696', '#009688']);
    expect(classes.map((p) => p?.person)).toEqual([false, true, false, true]);
  });

  it('paints the ground outline of each plant a person assessed, where it is known', () => {
    const painted = personAssessedPlants(results);
    expect(painted.features).toHaveLength(1);
    expect(painted.features[0]?.properties).toEqual({ plantClass: 'trunkDiseases', boxId: 'DJI_0001-2' });
    expect(painted.features[0]?.geometry.coordinates[0]).toEqual(RING);
  });
});

describe('the layer picker', () => {
  it('puts the vigour layer after Plant Stress and Classification, over the HD photos', () => {
    expect(viewLayers(['ai', 'beta', 'comb', 'no_pseu'], true)).toEqual([
      'ai',
      'beta',
      'vigour',
      'comb',
      'no_pseu',
    ]);
    expect(viewLayers(['ai', 'no_pseu'], false)).toEqual(['ai', 'no_pseu']);
    expect(viewLayers([], true)).toEqual(['vigour']);
    expect(tileLayerOf('vigour', ['ai', 'no_pseu'])).toBe('no_pseu');
    expect(tileLayerOf('vigour', ['ai'])).toBeNull();
    expect(tileLayerOf('comb', ['comb'])).toBe('comb');
  });
});
