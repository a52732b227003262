import { COMMERCE_MESSAGES, MESSAGES, signUpSchema } from '@ampelos/domain';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { badRequest, forbidden, installErrorHandler } from './errors.ts';

async function appThrowing(error: Error) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.get('/fail', async () => {
    throw error;
  });
  app.post('/sign-up', { schema: { body: signUpSchema } }, async () => ({}));
  await app.ready();
  return app;
}

describe('error answers', () => {
  it('carry the English text, the catalogue key and the parameters', async () => {
    const app = await appThrowing(badRequest(COMMERCE_MESSAGES.e2eFieldTooSmall, 'service', { min: 5 }));
    const response = await app.inject('/fail');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        {
          msg: 'End to End is available for fields of at least 5 hectares',
          key: 'errors:commerce.e2eFieldTooSmall',
          params: { min: 5 },
          path: 'service',
        },
      ],
    });
    await app.close();
  });

  it('name the key of a default text and of a validation issue', async () => {
    const refused = await appThrowing(forbidden());
    expect((await refused.inject('/fail')).json()).toEqual({
      errors: [{ msg: 'You do not have permission to do this', key: 'errors:http.noPermission' }],
    });
    const invalid = await refused.inject({
      method: 'POST',
      url: '/sign-up',
      payload: { email: 'not-an-email' },
    });
    const emailError = invalid.json().errors.find((e: { path?: string }) => e.path === 'email');
    expect(emailError).toEqual({ msg: MESSAGES.email, key: 'errors:validation.email', path: 'email' });
    await refused.close();
  });

  it('answer a text outside the catalogue as it is, without a key', async () => {
    const app = await appThrowing(badRequest('A text no catalogue has'));
    expect((await app.inject('/fail')).json()).toEqual({ errors: [{ msg: 'A text no catalogue has' }] });
    await app.close();
  });
});
