import { CAPTURE_DAY_TOLERANCE_DAYS, SHOOT_RANGE_DAYS } from './constants.ts';
import type { CalendarDay, DayRange } from './views/operations.ts';

/** Shoot days are calendar days in the provider's time zone (Greece). */
export const SHOOT_TIME_ZONE = 'Europe/Athens';

/** Messages of the scheduling rules (spec sections 5 and 8 where it gives them, ours otherwise). */
export const SHOOT_MESSAGES = {
  dateRangeRequired: 'Please include date range',
  invalidDay: 'Please choose a valid date',
  endBeforeStart: 'The end date cannot be before the start date',
  rangeTooLong: `The date range can be at most ${SHOOT_RANGE_DAYS} days`,
  rangeInPast: 'The dates cannot be in the past',
  rangeAfterValidity: 'The dates must be within the validity of the report',
  outsideAvailability: "The dates must be within the client's availability",
  alternativeBeforeConfirmed: 'The alternative dates cannot start before the confirmed dates',
  finalOutsideRange: 'The final shoot day must be between the confirmed start and the alternative end',
  fixedDatesRequired: 'Please set both the fixed primary and the fixed alternative date',
  fixedAlternativeBeforePrimary: 'The fixed alternative date cannot be before the fixed primary date',
  customerCannotFix: 'Fixed dates are chosen by the provider',
  providerIsScheduling:
    'The provider is searching for available dates for this Photo Shoot; you will be notified when they are set',
  availabilitySaved: 'Your availability for the Photo Shoot has been saved',
  availabilityLocked:
    'A drone operator has already been assigned; please contact us to change your availability',
  reportNotSchedulable: 'Only a processing End to End report can be scheduled',
  reportNotFound: 'Report not found',
  shootNotFound: 'Photo Shoot not found',
  assigned: 'Drone Operator or Drone Pilot has been successfully assigned to Photo Shoot',
  statusUpdated: 'Photo Shoot status has been updated',
  datesConfirmed: 'Photo Shoot dates confirmed',
  finalDaySet: 'Final shoot day saved',
  finalDayReset: 'Final shoot day reset',
  fixedDatesSet: 'Fixed Photo Shoot dates saved',
  somethingWentWrong: 'Something went wrong',
  notADroneAdmin: 'The selected user is not a Drone Operator',
  notADroneOperator: 'The selected user is not a Drone Pilot',
  pilotOfAnotherOrganisation: 'You can only assign pilots of your own organisation',
  organisationLocked:
    'A pilot has already been assigned or the dates confirmed; the Drone Operator can no longer change',
  shootComplete: 'The Photo Shoot is already complete',
  confirmNeedsAssignment: 'Assign a Drone Operator or a Drone Pilot before confirming dates',
  confirmNeedsDateRange: 'The client has not given a date range yet',
  datesAlreadyConfirmed: 'The dates of this Photo Shoot are already set',
  finalNeedsConfirmedDates: 'Confirm the shoot dates first',
  completeNeedsFinalDay: 'Set the final shoot day first',
  completeInFuture: 'A Photo Shoot cannot be completed before its final shoot day',
  completeNeedsConfirmedDates: 'Only a Photo Shoot with confirmed dates can be completed',
} as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Whether `value` is a real calendar day written `YYYY-MM-DD`. */
export function isCalendarDay(value: unknown): value is CalendarDay {
  if (typeof value !== 'string') return false;
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** Day number since the epoch (UTC midnight), for counting and comparing days. */
function dayNumber(day: CalendarDay): number {
  return Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY;
}

/** Days in an inclusive range: a single day is 1. */
export function daysInRange(range: DayRange): number {
  return dayNumber(range.end) - dayNumber(range.start) + 1;
}

/** `day` plus `days` calendar days. */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  return new Date((dayNumber(day) + days) * MS_PER_DAY).toISOString().slice(0, 10);
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Today's date in the shoot time zone (or another zone). */
export function calendarDayIn(now: Date, timeZone: string = SHOOT_TIME_ZONE): CalendarDay {
  const parts = dayFormat(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whether `inner` lies entirely inside `outer`. Days compare as strings in this format. */
export function rangeWithin(inner: DayRange, outer: DayRange): boolean {
  return inner.start >= outer.start && inner.end <= outer.end;
}

/**
 * The client's availability: a real range, not in the past, at most SHOOT_RANGE_DAYS days (inclusive),
 * and (when the report has a validity end) ending by that day. Answers the message of the first
 * broken rule, or null.
 */
export function availabilityProblem(
  range: DayRange | null | undefined,
  today: CalendarDay,
  lastValidDay?: CalendarDay | null,
): string | null {
  if (!range) return SHOOT_MESSAGES.dateRangeRequired;
  if (!isCalendarDay(range.start) || !isCalendarDay(range.end)) return SHOOT_MESSAGES.invalidDay;
  if (range.end < range.start) return SHOOT_MESSAGES.endBeforeStart;
  if (range.start < today) return SHOOT_MESSAGES.rangeInPast;
  if (daysInRange(range) > SHOOT_RANGE_DAYS) return SHOOT_MESSAGES.rangeTooLong;
  if (lastValidDay && range.end > lastValidDay) return SHOOT_MESSAGES.rangeAfterValidity;
  return null;
}

/**
 * Confirm Dates: both ranges real (single days allowed), inside the client's availability, and the
 * alternative not starting before the confirmed range (the final day lies between them).
 */
export function confirmDatesProblem(
  availability: DayRange,
  confirmed: DayRange | null | undefined,
  alternative: DayRange | null | undefined,
): string | null {
  if (!confirmed || !alternative) return SHOOT_MESSAGES.dateRangeRequired;
  for (const range of [confirmed, alternative]) {
    if (!isCalendarDay(range.start) || !isCalendarDay(range.end)) return SHOOT_MESSAGES.invalidDay;
    if (range.end < range.start) return SHOOT_MESSAGES.endBeforeStart;
    if (!rangeWithin(range, availability)) return SHOOT_MESSAGES.outsideAvailability;
  }
  if (alternative.start < confirmed.start) return SHOOT_MESSAGES.alternativeBeforeConfirmed;
  return null;
}

/** The days the final shoot day may take: confirmed start … alternative end. */
export function finalDayBounds(shootDays: { confirmed: DayRange; alternative: DayRange }): DayRange {
  return { start: shootDays.confirmed.start, end: shootDays.alternative.end };
}

export function finalDayProblem(
  shootDays: { confirmed: DayRange; alternative: DayRange },
  final: CalendarDay,
): string | null {
  if (!isCalendarDay(final)) return SHOOT_MESSAGES.invalidDay;
  const bounds = finalDayBounds(shootDays);
  return final < bounds.start || final > bounds.end ? SHOOT_MESSAGES.finalOutsideRange : null;
}

/** Fixed scheduling: both days real, not in the past, the alternative not before the primary. */
export function fixedDatesProblem(
  primary: CalendarDay | null | undefined,
  alternative: CalendarDay | null | undefined,
  today: CalendarDay,
): string | null {
  if (!primary || !alternative) return SHOOT_MESSAGES.fixedDatesRequired;
  if (!isCalendarDay(primary) || !isCalendarDay(alternative)) return SHOOT_MESSAGES.invalidDay;
  if (primary < today) return SHOOT_MESSAGES.rangeInPast;
  if (alternative < primary) return SHOOT_MESSAGES.fixedAlternativeBeforePrimary;
  return null;
}

/** Days between two calendar days, whichever comes first. */
export function daysApart(a: CalendarDay, b: CalendarDay): number {
  return Math.abs(dayNumber(a) - dayNumber(b));
}

/**
 * The shoot's final day once its data has arrived: the day already set; else the day most photos
 * were taken when it is a plausible one (not after today, within the tolerance of today); else today.
 * Capture times come from the camera clock, so a photo's day is only trusted when it is plausible.
 */
export function finalDayFromData(
  finalDay: CalendarDay | null,
  captureDays: readonly { day: CalendarDay; photos: number }[],
  today: CalendarDay,
): CalendarDay {
  if (finalDay) return finalDay;
  const likely = [...captureDays]
    .filter(
      ({ day }) => isCalendarDay(day) && day <= today && daysApart(day, today) <= CAPTURE_DAY_TOLERANCE_DAYS,
    )
    .sort((a, b) => b.photos - a.photos || (a.day < b.day ? 1 : -1))[0];
  return likely?.day ?? today;
}

/** Photos whose capture day lies more than the tolerance from the shoot's final day (flagged to staff). */
export function photosFarFromShoot(
  finalDay: CalendarDay,
  captureDays: readonly { day: CalendarDay; photos: number }[],
): { photos: number; first: CalendarDay; last: CalendarDay } | null {
  const far = captureDays.filter(
    ({ day }) => isCalendarDay(day) && daysApart(day, finalDay) > CAPTURE_DAY_TOLERANCE_DAYS,
  );
  if (far.length === 0) return null;
  const days = far.map(({ day }) => day).sort();
  return {
    photos: far.reduce((sum, { photos }) => sum + photos, 0),
    first: days[0] as CalendarDay,
    last: days[days.length - 1] as CalendarDay,
  };
}
