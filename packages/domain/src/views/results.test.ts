import { describe, expect, it } from 'vitest';
import { boxAnnotationSchema } from '../validation/results.ts';
import { allMessages, firstMessage } from '../validation/test-helpers.ts';
import {
  PLANT_CLASS_KEYS,
  PLANT_CLASS_NAMES,
  plantClass,
  VIGOUR_CLASS_NAMES,
  VIGOUR_CLASSES,
  vigourCounts,
} from './plant-classes.ts';
import { offeredLayers, stressColourHex } from './results.ts';

const ALL = ['no_pseu', 'water_stress', 'ai', 'dsm', 'comb', 'beta', 'ndvi_custom'];

describe('offered layers (spec section 4)', () => {
  it('keeps the report layers in catalogue order and drops unknown names', () => {
    expect(offeredLayers(ALL, '2024-05-01T00:00:00Z')).toEqual([
      'ai',
      'beta',
      'comb',
      'water_stress',
      'dsm',
      'no_pseu',
    ]);
  });
  it('offers Water Stress only for reports created in 2023 or later', () => {
    expect(offeredLayers(ALL, '2022-12-31T23:59:59Z')).not.toContain('water_stress');
    expect(offeredLayers(ALL, '2023-01-01T00:00:00Z')).toContain('water_stress');
  });
  it('offers nothing for a report without tiles', () => {
    expect(offeredLayers([], '2024-01-01')).toEqual([]);
  });
});

describe('box colours', () => {
  it('maps the analysis colours and falls back to the drawn-box colour', () => {
    expect(stressColourHex('red')).toBe('#e0241f');
    expect(stressColourHex(null)).toBe('#20c997');
  });
});

describe('box annotation body', () => {
  const base = { reportUuid: '6f1c1d2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f', file: 'IMG_1.JPG' };
  it('annotates an existing box with a catalogue factor', () => {
    expect(firstMessage(boxAnnotationSchema, { ...base, bboxId: 'IMG_1-1', factor: 'downy_mildew' })).toBe(
      undefined,
    );
  });
  it('accepts the spec payload (comment only)', () => {
    expect(firstMessage(boxAnnotationSchema, { ...base, bboxId: 'IMG_1-1', comment: 'Esca' })).toBe(
      undefined,
    );
  });
  it('needs a box or a drawn area, not both', () => {
    expect(allMessages(boxAnnotationSchema, base)).toContain('Choose a box or draw one');
    expect(
      allMessages(boxAnnotationSchema, { ...base, bboxId: 'a', thr_coords: { x: 1, y: 1, w: 5, h: 5 } }),
    ).toContain('Choose a box or draw one');
  });
  it('needs a description for Other and refuses unknown factors', () => {
    expect(allMessages(boxAnnotationSchema, { ...base, bboxId: 'a', factor: 'other' })).toContain(
      'Describe the stress factor',
    );
    expect(firstMessage(boxAnnotationSchema, { ...base, bboxId: 'a', factor: 'locusts' })).toBe(
      'Choose a stress factor from the list',
    );
  });
  it('refuses a drawn box without size', () => {
    expect(
      firstMessage(boxAnnotationSchema, { ...base, thr_coords: { x: 1, y: 1, w: 0, h: 5 } }),
    ).toBeDefined();
  });
});

describe('plant classes', () => {
  it('keeps the analysis class, or Not Classified, until a person chooses a stress factor', () => {
    expect(plantClass({ className: 'Not Classified' })).toEqual({
      key: 'notClassified',
      byPerson: false,
      factor: null,
    });
    expect(plantClass({ className: 'Heat Stress', factor: null }).key).toBe('heatStress');
    expect(plantClass({ className: 'Something new' }).key).toBe('notClassified');
  });

  it('makes the stress factor a person chose the class, marked as theirs', () => {
    const cases: [string, string][] = [
      ['downy_mildew', 'fungalDiseases'],
      ['botrytis', 'fungalDiseases'],
      ['esca', 'trunkDiseases'],
      ['eutypa_dieback', 'trunkDiseases'],
      ['heat', 'heatStress'],
      ['drought', 'waterStress'],
      ['salinity', 'toxicity'],
      ['soil_acidification', 'toxicity'],
      ['spider_mites', 'otherFactor'],
      ['frost', 'otherFactor'],
      ['other', 'otherFactor'],
    ];
    for (const [factor, key] of cases) {
      // Whatever the analysis said.
      expect(plantClass({ className: 'Heat Stress', factor })).toEqual({ key, byPerson: true, factor });
    }
  });

  it('names every class and vigour class in English and Greek', () => {
    for (const lang of ['en', 'el'] as const) {
      for (const key of PLANT_CLASS_KEYS) expect(PLANT_CLASS_NAMES[lang][key]).toBeTruthy();
      for (const key of VIGOUR_CLASSES) expect(VIGOUR_CLASS_NAMES[lang][key]).toBeTruthy();
    }
    expect(PLANT_CLASS_NAMES.el.notClassified).toBe('Μη ταξινομημένο');
  });

  it('counts plant units per vigour class', () => {
    const feature = (vigour: 'low' | 'medium' | 'high') => ({
      type: 'Feature' as const,
      properties: { vigour, z: 0 },
      geometry: { type: 'Polygon' as const, coordinates: [] },
    });
    expect(vigourCounts({ features: [feature('low'), feature('medium'), feature('medium')] })).toEqual({
      low: 1,
      medium: 2,
      high: 0,
    });
  });
});
