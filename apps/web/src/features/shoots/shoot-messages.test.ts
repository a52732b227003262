import { OPERATIONS_MESSAGES, SHOOT_MESSAGES } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';

/** Messages the screens show from their own keys (successes and the generic failure). */
const OWN_KEYS = [
  'assigned',
  'statusUpdated',
  'datesConfirmed',
  'finalDaySet',
  'finalDayReset',
  'fixedDatesSet',
  'availabilitySaved',
  'somethingWentWrong',
  'dateRangeRequired',
];

describe('shoot messages', () => {
  it('say the spec texts word for word', () => {
    expect(en.shoots.messages.assigned).toBe(SHOOT_MESSAGES.assigned);
    expect(en.shoots.messages.statusUpdated).toBe(SHOOT_MESSAGES.statusUpdated);
    expect(en.shoots.messages.somethingWentWrong).toBe(SHOOT_MESSAGES.somethingWentWrong);
    expect(en.shoots.messages.datesConfirmed).toBe(SHOOT_MESSAGES.datesConfirmed);
    expect(en.shoots.messages.fixedDatesSet).toBe(SHOOT_MESSAGES.fixedDatesSet);
    expect(en.shoots.finalDay.saved).toBe(SHOOT_MESSAGES.finalDaySet);
    expect(en.shoots.finalDay.reset).toBe(SHOOT_MESSAGES.finalDayReset);
    expect(en.reports.schedule.saved).toBe(SHOOT_MESSAGES.availabilitySaved);
    expect(en.reports.statusChange.updated).toBe(OPERATIONS_MESSAGES.reportUpdated);
    expect(en.messages.dateRangeRequired).toBe(SHOOT_MESSAGES.dateRangeRequired);
  });

  it('can show every refusal of the scheduling rules in Greek', () => {
    const known = new Set(Object.values(en.messages));
    const refusals = Object.entries(SHOOT_MESSAGES).filter(([key]) => !OWN_KEYS.includes(key));
    expect(refusals.filter(([, text]) => !known.has(text))).toEqual([]);
  });
});
