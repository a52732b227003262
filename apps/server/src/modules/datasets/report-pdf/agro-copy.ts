import { WINKLER_REGIONS, type WinklerRegion } from '@ampelos/domain';

/** "Ia 850–1111, Ib 1111–1389, …": the domain's region table, as the note under the season's figures. */
const regionLimits = WINKLER_REGIONS.map(({ region, min, max }) => `${region} ${min}–${max}`).join(', ');

/** Texts of the report PDF's satellite, weather and soil pages, in the customer's language. */
const AGRO_COPY = {
  en: {
    notAvailable: 'Information not available',
    sampleBadge: 'Demo data: sample values in the shape of the providers’ answers, not measurements',
    agroTitle: 'Satellite, weather and soil',
    satelliteTitle: 'Satellite indices over time',
    satelliteNote: (source: string) =>
      `Minimum, mean and maximum of each index over the field polygon per acquisition date (${source}). The line is the mean, the band spans minimum to maximum.`,
    date: 'Date',
    cloud: 'Cloud %',
    minMeanMax: 'min / mean / max',
    weatherTitle: 'Weather history',
    weatherNote:
      'Daily highest and lowest temperature (°C, lines) and rain (mm, bars), days of the field’s solar time.',
    tempMax: 'Highest °C',
    tempMin: 'Lowest °C',
    rain: 'Rain (mm)',
    seasonTitle: 'Growing season',
    period: 'Period',
    daysWithData: 'Days with weather data',
    gdd: 'Growing degree days (base 10 °C)',
    winkler: 'Winkler index (1 Apr – 31 Oct)',
    winklerSouth: 'Winkler index (1 Oct – 30 Apr)',
    winklerValue: (value: string, days: number, seasonDays: number, region: string) =>
      days >= seasonDays
        ? `${value} °C·days (${region})`
        : `${value} °C·days over ${days} of the season’s ${seasonDays} days (${region} so far)`,
    winklerRegion: (region: WinklerRegion) =>
      region === 'too-cool'
        ? 'below Region Ia'
        : region === 'too-hot'
          ? 'above Region V'
          : `Region ${region}`,
    rainTotal: 'Rain over the period',
    seasonNote: `Degree days: the daily mean of the lowest and highest temperature above 10 °C, summed over the season’s days with weather data. Winkler regions (°C·days, Jones et al. 2010): ${regionLimits}; below ${WINKLER_REGIONS[0].min} too cool for wine grapes.`,
    soilTitle: 'Soil',
    latestReading: 'Latest reading',
    surface: 'Surface temperature',
    at10cm: 'Temperature at 10 cm',
    moisture: 'Moisture',
    readings: 'Recent readings',
    time: 'Time (UTC)',
    provider: 'Source',
  },
  el: {
    notAvailable: 'Δεν υπάρχουν διαθέσιμες πληροφορίες',
    sampleBadge: 'Δείγμα δεδομένων: ενδεικτικές τιμές στη μορφή των παρόχων, όχι μετρήσεις',
    agroTitle: 'Δορυφόρος, καιρός και έδαφος',
    satelliteTitle: 'Δορυφορικοί δείκτες στον χρόνο',
    satelliteNote: (source: string) =>
      `Ελάχιστη, μέση και μέγιστη τιμή κάθε δείκτη στο αγροτεμάχιο ανά ημερομηνία λήψης (${source}). Η γραμμή είναι η μέση τιμή, η ζώνη από την ελάχιστη ως τη μέγιστη.`,
    date: 'Ημερομηνία',
    cloud: 'Νέφη %',
    minMeanMax: 'ελάχ. / μέση / μέγ.',
    weatherTitle: 'Ιστορικό καιρού',
    weatherNote:
      'Ημερήσια μέγιστη και ελάχιστη θερμοκρασία (°C, γραμμές) και βροχή (mm, στήλες), ημέρες ηλιακής ώρας του αγροτεμαχίου.',
    tempMax: 'Μέγιστη °C',
    tempMin: 'Ελάχιστη °C',
    rain: 'Βροχή (mm)',
    seasonTitle: 'Καλλιεργητική περίοδος',
    period: 'Περίοδος',
    daysWithData: 'Ημέρες με δεδομένα καιρού',
    gdd: 'Βαθμοημέρες ανάπτυξης (βάση 10 °C)',
    winkler: 'Δείκτης Winkler (1 Απρ – 31 Οκτ)',
    winklerSouth: 'Δείκτης Winkler (1 Οκτ – 30 Απρ)',
    winklerValue: (value: string, days: number, seasonDays: number, region: string) =>
      days >= seasonDays
        ? `${value} °C·ημέρες (${region})`
        : `${value} °C·ημέρες σε ${days} από τις ${seasonDays} ημέρες της περιόδου (${region} έως τώρα)`,
    winklerRegion: (region: WinklerRegion) =>
      region === 'too-cool'
        ? 'κάτω από τη ζώνη Ia'
        : region === 'too-hot'
          ? 'πάνω από τη ζώνη V'
          : `ζώνη ${region}`,
    rainTotal: 'Βροχή της περιόδου',
    seasonNote: `Βαθμοημέρες: η ημερήσια μέση τιμή ελάχιστης και μέγιστης θερμοκρασίας πάνω από 10 °C, αθροισμένη στις ημέρες της περιόδου με δεδομένα καιρού. Ζώνες Winkler (°C·ημέρες, Jones κ.ά. 2010): ${regionLimits}· κάτω από ${WINKLER_REGIONS[0].min} πολύ ψυχρό για οινοποιήσιμα σταφύλια.`,
    soilTitle: 'Έδαφος',
    latestReading: 'Τελευταία μέτρηση',
    surface: 'Θερμοκρασία επιφάνειας',
    at10cm: 'Θερμοκρασία στα 10 cm',
    moisture: 'Υγρασία',
    readings: 'Πρόσφατες μετρήσεις',
    time: 'Ώρα (UTC)',
    provider: 'Πηγή',
  },
} as const;

export type AgroCopy = (typeof AGRO_COPY)['en'] | (typeof AGRO_COPY)['el'];
export const agroCopy = (lang: string): AgroCopy => AGRO_COPY[lang === 'el' ? 'el' : 'en'];

/** Names of the data sources as the pages print them. */
export const SOURCE_NAMES: Record<string, string> = {
  agromonitoring: 'Agromonitoring',
  'sentinel-2-stac': 'Sentinel-2 L2A',
  'open-meteo': 'Open-Meteo',
};
