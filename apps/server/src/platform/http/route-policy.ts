import type { PolicyName } from '@ampelos/domain';

/**
 * Every API route declares who may call it, once: `config: { policy: 'field.edit' }` names a policy of
 * the domain's catalogue (`packages/domain/src/policies/catalogue.ts`); a misspelt name does not compile.
 * The authorization matrix test derives each route's answers per role from it (docs/SECURITY.md).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: PolicyName;
    /** `true`: a GET that changes state needs the CSRF header; `false`: a POST exempt from it. */
    csrf?: boolean;
  }
}
