import { contentWidth, left, type PdfDoc } from './document.ts';

/**
 * Small vector charts of the PDF kit, drawn with pdfkit's paths (no raster, so they stay sharp
 * when printed): a time axis, value axes with a few round ticks, lines, bands and bars.
 */

export interface ChartBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface TimeChart {
  xOf: (t: number) => number;
  yOf: (v: number) => number;
  /** Right-hand axis, when the chart has one. */
  y2Of: (v: number) => number;
  box: ChartBox;
}

/** Round tick values covering [lo, hi]: 1, 2 or 5 times a power of ten apart, about `count` of them. */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  const span = hi - lo || Math.abs(hi) || 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const ticks: number[] = [];
  for (let v = Math.floor(lo / step) * step; v <= hi + step * 1e-9; v += step) {
    ticks.push(Number(v.toFixed(10)));
  }
  if ((ticks.at(-1) ?? lo) < hi) ticks.push(Number(((ticks.at(-1) ?? lo) + step).toFixed(10)));
  return ticks;
}

const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

/** Axes, grid and labels of a chart over time (Unix seconds); returns the coordinate mappers. */
export function timeChart(
  doc: PdfDoc,
  box: ChartBox,
  options: {
    t0: number;
    t1: number;
    yTicks: number[];
    yFormat: (v: number) => string;
    y2Ticks?: number[];
    y2Format?: (v: number) => string;
  },
): TimeChart {
  const { left, top, width, height } = box;
  const span = Math.max(options.t1 - options.t0, 1);
  const yLo = options.yTicks[0] ?? 0;
  const yHi = options.yTicks.at(-1) ?? 1;
  const y2Lo = options.y2Ticks?.[0] ?? 0;
  const y2Hi = options.y2Ticks?.at(-1) ?? 1;
  const chart: TimeChart = {
    box,
    xOf: (t) => left + ((t - options.t0) / span) * width,
    yOf: (v) => top + height - ((v - yLo) / (yHi - yLo || 1)) * height,
    y2Of: (v) => top + height - ((v - y2Lo) / (y2Hi - y2Lo || 1)) * height,
  };
  doc.save().lineWidth(0.5).strokeColor('#d0d4cc');
  doc.font('regular').fontSize(7).fillColor('#444');
  for (const tick of options.yTicks) {
    const y = chart.yOf(tick);
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .stroke();
    doc.text(options.yFormat(tick), left - 40, y - 3, { width: 36, align: 'right', lineBreak: false });
  }
  for (const tick of options.y2Ticks ?? []) {
    doc.text((options.y2Format ?? String)(tick), left + width + 4, chart.y2Of(tick) - 3, {
      width: 36,
      lineBreak: false,
    });
  }
  // Up to six dates along the time axis.
  const labels = Math.min(6, Math.max(1, Math.round(span / 86_400)));
  for (let i = 0; i <= labels; i++) {
    const t = options.t0 + (span * i) / labels;
    const x = chart.xOf(t);
    doc
      .moveTo(x, top + height)
      .lineTo(x, top + height + 3)
      .stroke();
    doc.text(day(t), x - 30, top + height + 5, { width: 60, align: 'center', lineBreak: false });
  }
  doc.lineWidth(0.8).strokeColor('#555');
  doc
    .moveTo(left, top)
    .lineTo(left, top + height)
    .lineTo(left + width, top + height)
    .stroke();
  doc.restore();
  return chart;
}

/** A polyline through the points, with a dot at each. */
export function line(doc: PdfDoc, points: [number, number][], colour: string, dash = false) {
  const [first, ...rest] = points;
  if (!first) return;
  doc.save().lineWidth(1.4).strokeColor(colour);
  if (dash) doc.dash(3, { space: 2 });
  doc.moveTo(...first);
  for (const point of rest) doc.lineTo(...point);
  doc.stroke().undash();
  if (points.length < 40) for (const [x, y] of points) doc.circle(x, y, 1.6).fill(colour);
  doc.restore();
}

/** A translucent band between a lower and an upper line sharing their x positions. */
export function band(doc: PdfDoc, lower: [number, number][], upper: [number, number][], colour: string) {
  if (lower.length < 2) return;
  doc
    .save()
    .fillOpacity(0.18)
    .polygon(...lower, ...[...upper].reverse())
    .fill(colour)
    .restore();
}

/** A row of coloured keys and labels. */
export function legend(doc: PdfDoc, x: number, y: number, keys: { label: string; colour: string }[]) {
  doc.save().font('regular').fontSize(8);
  let at = x;
  for (const key of keys) {
    doc.rect(at, y + 1, 10, 6).fill(key.colour);
    doc.fillColor('black').text(key.label, at + 14, y, { lineBreak: false });
    at += 14 + doc.widthOfString(key.label) + 14;
  }
  doc.restore();
}

/** Vertical bars from the right-hand axis's zero up to each value, centred on their times. */
export function bars(
  doc: PdfDoc,
  chart: TimeChart,
  points: { t: number; value: number }[],
  colour: string,
  barWidth: number,
) {
  const bottom = chart.box.top + chart.box.height;
  for (const { t, value } of points) {
    if (value <= 0) continue;
    const top = chart.y2Of(value);
    doc.rect(chart.xOf(t) - barWidth / 2, top, barWidth, bottom - top).fill(colour);
  }
  doc.fillColor('black');
}

/** One row a bin: its label, a bar as long as its share of the largest, and its count. */
export function barRows(doc: PdfDoc, rows: { label: string; value: number }[], colour: string) {
  const x = left(doc);
  const most = Math.max(1, ...rows.map((row) => row.value));
  const valueX = x + contentWidth(doc) - 64;
  for (const row of rows) {
    const y = doc.y;
    doc.font('regular').fontSize(9).text(row.label, x, y, { width: 120 });
    doc
      .rect(x + 125, y + 1, (300 * row.value) / most, 9)
      .fill(colour)
      .fillColor('black');
    doc.text(String(row.value), valueX, y, { width: 60 });
    doc.y = y + 14;
    doc.x = x;
  }
}
