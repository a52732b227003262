import { type Lang, WINKLER_REGIONS, type WinklerRegion } from '@ampelos/domain';
import { textsIn, textsOf } from '../../../platform/i18n/index.ts';

/** "Ia 850–1111, Ib 1111–1389, …": the domain's region table, as the note under the season's figures. */
const regionLimits = WINKLER_REGIONS.map(({ region, min, max }) => `${region} ${min}–${max}`).join(', ');

/** Texts of the report PDF's satellite, weather and soil pages, in the customer's language (`pdf:agro`). */
export interface AgroCopy {
  notAvailable: string;
  sampleBadge: string;
  agroTitle: string;
  satelliteTitle: string;
  satelliteNote: (source: string) => string;
  date: string;
  cloud: string;
  minMeanMax: string;
  weatherTitle: string;
  weatherNote: string;
  tempMax: string;
  tempMin: string;
  rain: string;
  seasonTitle: string;
  period: string;
  daysWithData: string;
  gdd: string;
  winkler: string;
  winklerSouth: string;
  winklerValue: (value: string, days: number, seasonDays: number, region: string) => string;
  winklerRegion: (region: WinklerRegion) => string;
  rainTotal: string;
  seasonNote: string;
  soilTitle: string;
  latestReading: string;
  surface: string;
  at10cm: string;
  moisture: string;
  readings: string;
  time: string;
  provider: string;
}

/** The texts without parameters (a key left out here is a type error in `copyOf`). */
const PLAIN = [
  'notAvailable',
  'sampleBadge',
  'agroTitle',
  'satelliteTitle',
  'date',
  'cloud',
  'minMeanMax',
  'weatherTitle',
  'weatherNote',
  'tempMax',
  'tempMin',
  'rain',
  'seasonTitle',
  'period',
  'daysWithData',
  'gdd',
  'winkler',
  'winklerSouth',
  'rainTotal',
  'soilTitle',
  'latestReading',
  'surface',
  'at10cm',
  'moisture',
  'readings',
  'time',
  'provider',
] as const;

function copyOf(lang: Lang): AgroCopy {
  const t = textsIn(lang, 'pdf');
  return {
    ...textsOf(t, 'agro', PLAIN),
    satelliteNote: (source) => t('agro.satelliteNote', { source }),
    winklerValue: (value, days, seasonDays, region) =>
      t(days >= seasonDays ? 'agro.winklerValue' : 'agro.winklerValueSoFar', {
        value,
        days,
        seasonDays,
        region,
      }),
    winklerRegion: (region) =>
      region === 'too-cool'
        ? t('agro.winklerTooCool')
        : region === 'too-hot'
          ? t('agro.winklerTooHot')
          : t('agro.winklerRegion', { region }),
    seasonNote: t('agro.seasonNote', { limits: regionLimits, coolest: WINKLER_REGIONS[0].min }),
  };
}

const COPY: Record<Lang, AgroCopy> = { en: copyOf('en'), el: copyOf('el') };

export const agroCopy = (lang: string): AgroCopy => COPY[lang === 'el' ? 'el' : 'en'];

/** Names of the data sources as the pages print them. */
export const SOURCE_NAMES: Record<string, string> = {
  agromonitoring: 'Agromonitoring',
  'sentinel-2-stac': 'Sentinel-2 L2A',
  'open-meteo': 'Open-Meteo',
};
