import { describe, expect, it } from 'vitest';
import { createOfflineGeocoder } from './reverse-geocode.ts';

const geocoder = createOfflineGeocoder();

describe('offline reverse geocoding', () => {
  it('finds Greece and the Peloponnese for a vineyard in Nemea', async () => {
    expect(await geocoder.reverseGeocode(22.7105, 37.8175)).toEqual({
      country: 'Greece',
      countryCode: 'GR',
      region: 'Peloponnese',
    });
  });
  it('finds the United States (California) for Napa', async () => {
    expect(await geocoder.reverseGeocode(-122.2869, 38.2975)).toEqual({
      country: 'United States',
      countryCode: 'US',
      region: 'California',
    });
  });
  it('finds Crete and Bordeaux', async () => {
    expect(await geocoder.reverseGeocode(25.1, 35.3)).toMatchObject({ countryCode: 'GR', region: 'Crete' });
    expect(await geocoder.reverseGeocode(-0.58, 44.84)).toMatchObject({
      country: 'France',
      countryCode: 'FR',
    });
  });
  it('answers nulls over the sea', async () => {
    expect(await geocoder.reverseGeocode(20, 38)).toEqual({ country: null, countryCode: null, region: null });
    expect(await geocoder.reverseGeocode(-150, -40)).toEqual({
      country: null,
      countryCode: null,
      region: null,
    });
  });
});

describe('the compact region boundaries', () => {
  it('names regions well inside their borders in several countries', async () => {
    const cases: [number, number, string][] = [
      [22.95, 40.64, 'Central Macedonia'], // Thessaloniki
      [4.83, 45.76, 'Rhône'], // Lyon (the data's regions are French départements)
      [-3.7, 40.42, 'Community of Madrid'],
      [11.25, 43.77, 'Tuscany'], // Florence
    ];
    for (const [lng, lat, region] of cases) {
      expect((await geocoder.reverseGeocode(lng, lat)).region, `${lng}, ${lat}`).toBe(region);
    }
  });
});
