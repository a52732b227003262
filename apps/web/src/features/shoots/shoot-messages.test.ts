import { OPERATIONS_MESSAGES, SHOOT_MESSAGES } from '@ampelos/domain';
import elErrors from '@ampelos/domain/i18n/el/errors.json';
import en from '@ampelos/domain/i18n/en/web.json';
import { describe, expect, it } from 'vitest';

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
  });

  it('can show every refusal of the scheduling rules in Greek', () => {
    const greek: Record<string, string> = elErrors.shoot;
    const refusals = Object.keys(SHOOT_MESSAGES).filter((key) => !OWN_KEYS.includes(key));
    expect(refusals.filter((key) => !greek[key]?.trim())).toEqual([]);
  });
});
