import {
  addDays,
  availabilityProblem,
  type CalendarDay,
  calendarDayIn,
  confirmDatesProblem,
  type DayRange,
  finalDayProblem,
} from '@ampelos/domain';
import type { DemoReportPlan } from './demo-plan.ts';

export interface DemoShootDates {
  dateStart: CalendarDay;
  dateEnd: CalendarDay;
  confirmedStart?: CalendarDay;
  confirmedEnd?: CalendarDay;
  alternativeStart?: CalendarDay;
  alternativeEnd?: CalendarDay;
  finalDay?: CalendarDay;
}

/**
 * The days of a demo shoot, checked against the rules the server enforces when people set them:
 * the customer's availability (given on `givenOn`, at most 14 days, inside the report's validity),
 * confirmed and alternative ranges inside it, the final day between them. The flown one ("complete")
 * is flown five days ago and completes when its photos arrive, as a real shoot does.
 */
export function demoShootDates(
  state: NonNullable<DemoReportPlan['shoot']>,
  now: Date,
  validity: { from: Date; to: Date },
): DemoShootDates {
  const today = calendarDayIn(now);
  const day = (offset: number) => addDays(today, offset);
  const flown = state === 'complete';
  const availability: DayRange = flown ? { start: day(-12), end: day(-2) } : { start: day(8), end: day(21) };
  const confirmed: DayRange = flown ? { start: day(-6), end: day(-4) } : { start: day(10), end: day(12) };
  const alternative: DayRange = flown ? { start: day(-4), end: day(-3) } : { start: day(13), end: day(15) };
  const finalDay = flown ? day(-5) : null;

  const givenOn = flown ? calendarDayIn(validity.from) : today;
  const problems = [
    availabilityProblem(availability, givenOn, calendarDayIn(validity.to)),
    state === 'assigned_to_drone_admin' ? null : confirmDatesProblem(availability, confirmed, alternative),
    finalDay ? finalDayProblem({ confirmed, alternative }, finalDay) : null,
  ].filter((problem): problem is string => problem !== null);
  if (problems.length > 0) throw new Error(`demo shoot (${state}) breaks the rules: ${problems.join('; ')}`);

  const dates: DemoShootDates = { dateStart: availability.start, dateEnd: availability.end };
  if (state === 'assigned_to_drone_admin') return dates;
  return {
    ...dates,
    confirmedStart: confirmed.start,
    confirmedEnd: confirmed.end,
    alternativeStart: alternative.start,
    alternativeEnd: alternative.end,
    ...(finalDay ? { finalDay } : {}),
  };
}
