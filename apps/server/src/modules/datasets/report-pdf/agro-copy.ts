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
    weatherNote: 'Daily highest and lowest temperature (°C, lines) and rain (mm, bars), UTC days.',
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
        ? `${value} °C·days (region ${region})`
        : `${value} °C·days over ${days} of the season’s ${seasonDays} days (region ${region} so far)`,
    rainTotal: 'Rain over the period',
    seasonNote:
      'Degree days: the daily mean of the lowest and highest temperature above 10 °C, summed. Winkler regions (°C·days): I ≤ 1389, II ≤ 1667, III ≤ 1944, IV ≤ 2222, V above.',
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
      'Ημερήσια μέγιστη και ελάχιστη θερμοκρασία (°C, γραμμές) και βροχή (mm, στήλες), ημέρες UTC.',
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
        ? `${value} °C·ημέρες (ζώνη ${region})`
        : `${value} °C·ημέρες σε ${days} από τις ${seasonDays} ημέρες της περιόδου (ζώνη ${region} έως τώρα)`,
    rainTotal: 'Βροχή της περιόδου',
    seasonNote:
      'Βαθμοημέρες: η ημερήσια μέση τιμή ελάχιστης και μέγιστης θερμοκρασίας πάνω από 10 °C, αθροισμένη. Ζώνες Winkler (°C·ημέρες): I ≤ 1389, II ≤ 1667, III ≤ 1944, IV ≤ 2222, V πάνω από αυτό.',
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
