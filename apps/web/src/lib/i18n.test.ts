import { COMMERCE_MESSAGES, MESSAGES } from '@ampelos/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { errorItemsFor, readErrorPaths } from './api-errors.ts';
import { i18n, translateAnswer, translateMessage } from './i18n.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('translating API messages by key', () => {
  const answer = {
    errors: [
      {
        msg: 'End to End is available for fields of at least 5 hectares',
        key: 'errors:commerce.e2eFieldTooSmall',
        params: { min: 5 },
        path: 'service',
      },
    ],
  };

  it('shows the Greek text of the key with its parameters', async () => {
    await i18n.changeLanguage('el');
    const [item] = readErrorPaths(answer);
    expect(item?.path).toBe('service');
    expect(translateAnswer(item ?? { msg: '' })).toBe(
      'Η Ολοκληρωμένη υπηρεσία είναι διαθέσιμη για αγροτεμάχια τουλάχιστον 5 εκταρίων',
    );
  });

  it('shows the English text as sent when the key is unknown or missing', async () => {
    await i18n.changeLanguage('el');
    expect(translateAnswer({ msg: 'Plain server text', key: 'errors:nowhere.toBeFound' })).toBe(
      'Plain server text',
    );
    expect(translateAnswer({ msg: COMMERCE_MESSAGES.couponNotFound })).toBe(COMMERCE_MESSAGES.couponNotFound);
  });

  it('keys the client-side texts (network failure) too', async () => {
    await i18n.changeLanguage('el');
    const [network] = errorItemsFor(0, null);
    expect(network?.key).toBe('errors:client.network');
    expect(translateAnswer(network ?? { msg: '' })).toMatch(/^Δεν ήταν δυνατή η σύνδεση/);
  });

  it('translates a domain constant the screen shows itself, in either language', async () => {
    expect(translateMessage(MESSAGES.polygonRequired)).toBe(MESSAGES.polygonRequired);
    await i18n.changeLanguage('el');
    expect(translateMessage(MESSAGES.polygonRequired)).toMatch(/^Πρέπει να σχεδιάσετε/);
  });
});
