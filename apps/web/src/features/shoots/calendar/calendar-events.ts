import {
  addDays,
  type CalendarDay,
  type DayRange,
  daysInRange,
  type ShootView,
  shootEventHours,
} from '@ampelos/domain';

/**
 * Legend: green Complete, blue Primary, yellow Alternative (spec section 2), and grey Availability:
 * the client's availability of a shoot whose dates are not confirmed yet, a tentative entry
 * (docs/decisions/shoots.md).
 */
export type CalendarEventKind = 'complete' | 'primary' | 'alternative' | 'availability';

export const EVENT_KINDS: readonly CalendarEventKind[] = [
  'complete',
  'primary',
  'alternative',
  'availability',
];

export const EVENT_COLOURS: Record<CalendarEventKind, string> = {
  complete: 'green',
  primary: 'blue',
  alternative: 'yellow',
  availability: 'gray',
};

export interface ShootCalendarEvent {
  id: string;
  shoot: ShootView;
  day: CalendarDay;
  kind: CalendarEventKind;
  /** Estimated flying time: 0.25 h per 10,000 m² of the field (spec section 9). */
  hours: number;
  title: string;
}

function daysOf(range: DayRange): CalendarDay[] {
  const count = Math.max(daysInRange(range), 0);
  return Array.from({ length: count }, (_, index) => addDays(range.start, index));
}

/**
 * The calendar's events from the shoot days: the final day (Complete colour once the shoot is
 * complete, Primary before), else each day of the confirmed range (Primary) and of the alternative
 * range (Alternative). A shoot without days yet shows each day of the client's availability as a
 * tentative Availability entry; a shoot with neither has no event.
 */
export function shootCalendarEvents(shoots: readonly ShootView[]): ShootCalendarEvent[] {
  const events: ShootCalendarEvent[] = [];
  for (const shoot of shoots) {
    const days = shoot.shootDays;
    const hours = shootEventHours(shoot.field?.area ?? 0);
    const title = shoot.field?.title ?? `#${shoot.report.uuid.slice(0, 4)}`;
    const add = (day: CalendarDay, kind: CalendarEventKind) =>
      events.push({ id: `${shoot.uuid}:${kind}:${day}`, shoot, day, kind, hours, title });
    if (!days) {
      if (shoot.dateRange) for (const day of daysOf(shoot.dateRange)) add(day, 'availability');
      continue;
    }
    if (days.final) {
      add(days.final, shoot.status === 'complete' ? 'complete' : 'primary');
      continue;
    }
    for (const day of daysOf(days.confirmed)) add(day, 'primary');
    for (const day of daysOf(days.alternative)) add(day, 'alternative');
  }
  return events.sort((a, b) => a.day.localeCompare(b.day) || a.title.localeCompare(b.title));
}

/** Events by day, for the month grid and the agenda. */
export function eventsByDay(events: readonly ShootCalendarEvent[]): Map<CalendarDay, ShootCalendarEvent[]> {
  const byDay = new Map<CalendarDay, ShootCalendarEvent[]>();
  for (const event of events) {
    const list = byDay.get(event.day);
    if (list) list.push(event);
    else byDay.set(event.day, [event]);
  }
  return byDay;
}

/** "1 h 15 min", "45 min": the event length in hours and minutes. */
export function durationParts(hours: number): { hours: number; minutes: number } {
  const total = Math.round(hours * 60);
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** A maps search for the field's centre. */
export function mapsLink(point: { lat: number; lng: number }): string {
  return `https://www.google.com/maps/search/?api=1&query=${point.lat.toFixed(6)},${point.lng.toFixed(6)}`;
}

/** The weeks (Monday first) covering the month of `day`, as rows of seven calendar days. */
export function monthWeeks(day: CalendarDay): CalendarDay[][] {
  const first = `${day.slice(0, 7)}-01`;
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  let cursor = addDays(first, -weekday);
  const month = day.slice(0, 7);
  const weeks: CalendarDay[][] = [];
  while (weeks.length === 0 || cursor.slice(0, 7) === month) {
    const week = Array.from({ length: 7 }, (_, index) => addDays(cursor, index));
    weeks.push(week);
    cursor = addDays(cursor, 7);
  }
  return weeks;
}
