import {
  type AgroHistoryFile,
  dailyWeather,
  kelvinToCelsius,
  type SatelliteIndex,
  type SatelliteStatsEntry,
  solarUtcOffsetSeconds,
  viticultureSummary,
} from '@ampelos/domain';
import {
  band,
  bars,
  heading,
  keyValueRows,
  legend,
  line,
  niceTicks,
  note,
  notice,
  type PdfDoc,
  table,
  timeChart,
} from '../../../platform/pdf/index.ts';
import { type AgroCopy, agroCopy, SOURCE_NAMES } from './agro-copy.ts';
import { MARGIN, SUBTITLE, TITLE } from './pdf-layout.ts';

/** The indices charted, in the order of the legend and the table, with their colours. */
const INDICES: { key: SatelliteIndex; label: string; colour: string }[] = [
  { key: 'ndvi', label: 'NDVI', colour: '#2f8f2a' },
  { key: 'evi2', label: 'EVI2', colour: '#d98b19' },
  { key: 'ndwi', label: 'NDWI', colour: '#1f6fe0' },
];
const TEMP_MAX = '#d2452f';
const TEMP_MIN = '#3a7bd5';
const RAIN = '#7fb2e5';
const SOIL_ROWS = 14;
const DAY_S = 86_400;

const celsius = (kelvin: number) => kelvinToCelsius(kelvin).toFixed(1);
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const utcDay = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
const utcTime = (t: number) => new Date(t * 1000).toISOString().slice(0, 16).replace('T', ' ');

const subheading = (doc: PdfDoc, text: string) => heading(doc, text, SUBTITLE);

function notAvailable(doc: PdfDoc, copy: AgroCopy) {
  note(doc, copy.notAvailable, { size: 10 });
  doc.moveDown(0.8);
}

/** The demo's marker: its agronomy data are sample values, and each page says so. */
const sampleBadge = (doc: PdfDoc, copy: AgroCopy) =>
  notice(doc, copy.sampleBadge, { background: '#fff1c2', colour: '#7a5200' });

function chartBox(doc: PdfDoc, height: number) {
  return { left: MARGIN + 40, top: doc.y + 18, width: doc.page.width - 2 * MARGIN - 80, height };
}

function satelliteSection(doc: PdfDoc, copy: AgroCopy, stats: SatelliteStatsEntry[]) {
  heading(doc, copy.satelliteTitle, TITLE);
  const withIndices = stats.filter((entry) => Object.keys(entry.indices).length > 0);
  if (withIndices.length === 0) return notAvailable(doc, copy);
  const sources = [...new Set(withIndices.map((entry) => SOURCE_NAMES[entry.source] ?? entry.source))];
  doc
    .font('regular')
    .fontSize(9)
    .text(copy.satelliteNote(sources.join(', ')), MARGIN)
    .moveDown(0.3);
  legend(
    doc,
    MARGIN,
    doc.y,
    INDICES.map(({ label, colour }) => ({ label, colour })),
  );
  const values = withIndices.flatMap((entry) =>
    INDICES.flatMap(({ key }) =>
      entry.indices[key] ? [entry.indices[key].min, entry.indices[key].max] : [],
    ),
  );
  const first = withIndices[0]?.dt ?? 0;
  const last = withIndices.at(-1)?.dt ?? first;
  const box = chartBox(doc, 200);
  const chart = timeChart(doc, box, {
    t0: first - DAY_S,
    t1: last + DAY_S,
    yTicks: niceTicks(Math.min(...values), Math.max(...values), 6),
    yFormat: (v) => v.toFixed(1),
  });
  for (const { key, colour } of INDICES) {
    const dated = withIndices.flatMap((entry) => {
      const s = entry.indices[key];
      return s ? [{ x: chart.xOf(entry.dt), s }] : [];
    });
    band(
      doc,
      dated.map(({ x, s }) => [x, chart.yOf(s.min)]),
      dated.map(({ x, s }) => [x, chart.yOf(s.max)]),
      colour,
    );
    line(
      doc,
      dated.map(({ x, s }) => [x, chart.yOf(s.mean)]),
      colour,
    );
  }
  doc.y = box.top + box.height + 24;
  doc.x = MARGIN;
  const triple = (entry: SatelliteStatsEntry, key: SatelliteIndex) => {
    const s = entry.indices[key];
    return s ? `${s.min.toFixed(3)} / ${s.mean.toFixed(3)} / ${s.max.toFixed(3)}` : '–';
  };
  table(
    doc,
    [
      { title: copy.date, width: 70 },
      ...INDICES.map(({ label }) => ({ title: `${label} ${copy.minMeanMax}`, width: 125 })),
      { title: copy.cloud, width: 50 },
    ],
    stats.map((entry) => [
      utcDay(entry.dt),
      ...INDICES.map(({ key }) => triple(entry, key)),
      entry.cl.toFixed(0),
    ]),
  );
}

/** Where and when the report was made: the field's solar day and its growing season follow from it. */
export interface ReportPlace {
  lat: number;
  lng: number;
  /** `YYYY-MM-DD`: the day the report was processed. */
  today: string;
}

const DAY_MS = 86_400_000;
const daysIn = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / DAY_MS + 1;

function weatherSection(doc: PdfDoc, copy: AgroCopy, file: AgroHistoryFile, place: ReportPlace) {
  heading(doc, copy.weatherTitle, TITLE);
  const days = dailyWeather(file.weather_data, solarUtcOffsetSeconds(place.lng));
  if (days.length === 0) {
    notAvailable(doc, copy);
  } else {
    doc.font('regular').fontSize(9).text(copy.weatherNote, MARGIN).moveDown(0.3);
    legend(doc, MARGIN, doc.y, [
      { label: copy.tempMax, colour: TEMP_MAX },
      { label: copy.tempMin, colour: TEMP_MIN },
      { label: copy.rain, colour: RAIN },
    ]);
    const at = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;
    const temps = days.flatMap((day) => [day.tminC, day.tmaxC]);
    const box = chartBox(doc, 200);
    const chart = timeChart(doc, box, {
      t0: at(days[0]?.day as string) - DAY_S / 2,
      t1: at(days.at(-1)?.day as string) + DAY_S / 2,
      yTicks: niceTicks(Math.min(0, ...temps), Math.max(...temps), 6),
      yFormat: (v) => `${v} °C`,
      y2Ticks: niceTicks(0, Math.max(10, ...days.map((day) => day.rainMm)), 5),
      y2Format: (v) => `${v} mm`,
    });
    bars(
      doc,
      chart,
      days.map((day) => ({ t: at(day.day), value: day.rainMm })),
      RAIN,
      Math.max(0.8, (box.width / days.length) * 0.7),
    );
    line(
      doc,
      days.map((day) => [chart.xOf(at(day.day)), chart.yOf(day.tmaxC)]),
      TEMP_MAX,
    );
    line(
      doc,
      days.map((day) => [chart.xOf(at(day.day)), chart.yOf(day.tminC)]),
      TEMP_MIN,
    );
    doc.fillColor('black');
    doc.y = box.top + box.height + 28;
    doc.x = MARGIN;
  }
  subheading(doc, copy.seasonTitle);
  // The same figures as the results viewer's viticulture card: one definition, in the domain.
  const summary = viticultureSummary(file.weather_data, place, place.today);
  const { season } = summary;
  if (!season.firstDay || !season.lastDay) return notAvailable(doc, copy);
  keyValueRows(doc, [
    [copy.period, `${season.firstDay} – ${season.lastDay}`],
    [copy.daysWithData, String(summary.days.length)],
    [copy.gdd, `${summary.gdd.toFixed(0)} °C·d`],
    [
      season.hemisphere === 'south' ? copy.winklerSouth : copy.winkler,
      copy.winklerValue(
        summary.gdd.toFixed(0),
        summary.days.length,
        daysIn(season.start, season.end),
        copy.winklerRegion(summary.winklerRegion),
      ),
    ],
    [copy.rainTotal, `${summary.days.reduce((sum, day) => sum + day.rainMm, 0).toFixed(1)} mm`],
  ]);
  doc.moveDown(0.4);
  note(doc, copy.seasonNote);
}

function soilSection(doc: PdfDoc, copy: AgroCopy, file: AgroHistoryFile) {
  heading(doc, copy.soilTitle, TITLE);
  const latest = file.soil_data.at(-1);
  if (!latest) return notAvailable(doc, copy);
  subheading(doc, `${copy.latestReading}: ${utcTime(latest.dt)} UTC`);
  keyValueRows(doc, [
    [copy.surface, `${celsius(latest.t0)} °C`],
    [copy.at10cm, `${celsius(latest.t10)} °C`],
    [copy.moisture, percent(latest.moisture)],
    [copy.provider, SOURCE_NAMES[file.providers.soil ?? ''] ?? file.providers.soil ?? '–'],
  ]);
  doc.moveDown(0.6);
  subheading(doc, copy.readings);
  table(
    doc,
    [
      { title: copy.time, width: 130 },
      { title: copy.surface, width: 120 },
      { title: copy.at10cm, width: 120 },
      { title: copy.moisture, width: 100 },
    ],
    file.soil_data
      .slice(-SOIL_ROWS)
      .reverse()
      .map((entry) => [
        utcTime(entry.dt),
        `${celsius(entry.t0)} °C`,
        `${celsius(entry.t10)} °C`,
        percent(entry.moisture),
      ]),
  );
}

/**
 * The satellite, weather and soil pages, from the report's `front_agro_weather.json`. Without the
 * file one page names the three sections and says their information is not available (the reader
 * learns the report could hold them); a present file with an empty list says so in that section.
 */
export function agroPages(doc: PdfDoc, lang: string, file: AgroHistoryFile | null, place: ReportPlace) {
  const copy = agroCopy(lang);
  doc.addPage();
  if (!file) {
    heading(doc, copy.agroTitle, TITLE);
    for (const title of [copy.satelliteTitle, copy.weatherTitle, copy.seasonTitle, copy.soilTitle]) {
      subheading(doc, title);
      notAvailable(doc, copy);
    }
    return;
  }
  if (file.sample) sampleBadge(doc, copy);
  satelliteSection(doc, copy, file.satellite_stats);
  doc.addPage();
  if (file.sample) sampleBadge(doc, copy);
  weatherSection(doc, copy, file, place);
  doc.addPage();
  if (file.sample) sampleBadge(doc, copy);
  soilSection(doc, copy, file);
}
