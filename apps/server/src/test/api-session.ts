import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { waitFor } from './processes.ts';

/**
 * The API as the web app calls it over real HTTP against spawned server processes: a cookie session,
 * the CSRF header, JSON or binary bodies.
 */
export function apiSession(origin: () => string, timeoutMs?: number) {
  let cookie = '';
  return {
    get cookie() {
      return cookie;
    },
    async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
      const binary = body instanceof Uint8Array;
      const response = await fetch(`${origin()}${url}`, {
        signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
        method,
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          ...(cookie ? { cookie } : {}),
          ...(body !== undefined && !binary ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : binary ? body : JSON.stringify(body),
      }).catch((error: Error) => {
        throw new Error(`${method} ${url}: ${error.message} ${String(error.cause)}`);
      });
      const setCookie = response.headers.get('set-cookie');
      if (setCookie?.includes('ampelos_session=')) cookie = setCookie.split(';')[0] ?? '';
      return response;
    },
    // biome-ignore lint/suspicious/noExplicitAny: the JSON of several routes, read field by field
    async json(method: string, url: string, body?: unknown): Promise<any> {
      const response = await this.call(method, url, body);
      const json = await response.json().catch(() => null);
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
      return json;
    },
  };
}

export type ApiSession = ReturnType<typeof apiSession>;

/**
 * What a signed-in customer does to order a Bring Your Own Images report of a field: the cart line,
 * the mobile number and billing address checkout asks for, then a bank-transfer order.
 */
export async function orderManualReport(
  customer: ApiSession,
  field: { id: number; uuid: string },
  shoots: number,
) {
  await customer.json('POST', '/api/field/shoot/create', {
    fieldUuid: field.uuid,
    service: 'manual',
    shoots,
  });
  await customer.json('PUT', '/api/user/update', {
    firstName: 'Eleni',
    lastName: 'Vlachou',
    mobile: '+30 6912345678',
    location: 'Nemea',
  });
  const address = await customer.json('POST', '/api/user/address', {
    city: 'Nemea',
    country: 'Greece',
    state: 'Corinthia',
    zip_postcode: '205 00',
    line_1: '12 Vineyard Road',
  });
  return customer.json('POST', '/api/orders/create', {
    cartItems: [{ fieldId: field.id, service: 'manual' }],
    billingAddress: address.address.id,
    transactionType: 0,
  });
}

/** The decoded text of an e-mail to `to` matching `pattern` in an outbox folder, once it is there. */
export async function outboxMail(outbox: string, to: string, pattern: RegExp): Promise<string> {
  let found = '';
  await waitFor(async () => {
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      const text = (await readFile(path.join(outbox, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (text.includes(`To: ${to}`) && pattern.test(text)) found = text;
    }
    return found !== '';
  }, `an e-mail to ${to}`);
  return found;
}

/**
 * A customer signs up as the web app does (b2c_admin), follows the verification link of the e-mail
 * the server wrote to `outbox`, and signs in. Answers the account's e-mail and password.
 */
export async function signUpVerified(customer: ApiSession, outbox: string) {
  const email = `grower-${Date.now()}@example.com`;
  const password = 'Agiorgitiko-Nemea-4';
  const created = await customer.call('POST', '/api/user/create', {
    firstName: 'Eleni',
    lastName: 'Vlachou',
    email,
    password,
    role: 'b2c_admin',
    recaptchaResponse: '',
    acceptPrivacyPolicy: true,
    acceptTermsOfService: true,
  });
  if (created.status !== 201) throw new Error(`sign-up answered ${created.status}: ${await created.text()}`);
  const verify = /\/verify_email\/([A-Za-z0-9_-]+)/;
  const token = (await outboxMail(outbox, email, verify)).match(verify)?.[1];
  await customer.json('POST', '/api/user/verify_email', { token });
  await customer.json('POST', '/api/user/login', { email, password });
  return { email, password };
}
