import { isPolicyName, POLICIES, type PolicyName, type Role } from '@ampelos/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';

/**
 * Every API route declares who may call it, once: `config: { policy: 'field.edit' }` names a policy of
 * the domain's catalogue (`packages/domain/src/policies/catalogue.ts`); a misspelt name does not compile.
 * `installRoutePolicies` enforces it; the authorization matrix test derives each route's answers per
 * role from it (docs/SECURITY.md).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: PolicyName;
    /** `true`: a GET that changes state needs the CSRF header; `false`: a POST exempt from it. */
    csrf?: boolean;
  }
}

export interface RoutePolicyOptions {
  /** The routes that must declare a policy (the API); others (the web app's files, metrics) are not asked. */
  guarded: (url: string) => boolean;
  /** Routes whose policy is given here because their plugin takes no route options (the API docs pages). */
  implicitPolicy?: (url: string) => PolicyName | undefined;
  /** The signed-in caller's role, or null for an anonymous request. */
  roleOf: (request: FastifyRequest) => Role | null;
}

/** The policy a route declares (or is given by `implicitPolicy`), undefined when it has none. */
export function declaredPolicy(
  url: string,
  config: unknown,
  implicitPolicy: RoutePolicyOptions['implicitPolicy'] = () => undefined,
): PolicyName | undefined {
  const declared = (config as { policy?: unknown } | undefined)?.policy;
  if (isPolicyName(declared)) return declared;
  return implicitPolicy(url);
}

/**
 * One guard for every route's declared policy: registering a guarded route without a policy throws
 * (the app does not start), and before a handler runs the caller is refused as the policy says:
 * anonymous 401 unless the policy is `public`, then 403 when the role may not. It runs as the last
 * hook before the handler (after validation, CSRF and the rate limit), where the handlers checked
 * before. Which records a caller may act on is the services' business (the access helper), not this.
 */
export function installRoutePolicies(app: FastifyInstance, options: RoutePolicyOptions): void {
  app.addHook('onRoute', (route) => {
    if (!options.guarded(route.url)) return;
    if (declaredPolicy(route.url, route.config, options.implicitPolicy)) return;
    const methods = [route.method].flat().join(',');
    throw new Error(`declare a policy for ${methods} ${route.url} (config: { policy })`);
  });
  app.addHook('preHandler', async (request) => {
    if (!options.guarded(request.routeOptions.url ?? '')) return;
    const name = declaredPolicy(request.routeOptions.url ?? '', request.routeOptions.config);
    if (!name) return;
    const policy = POLICIES[name];
    if ('public' in policy && policy.public) return;
    const role = options.roleOf(request);
    if (role === null) throw unauthorized();
    if (!policy.role(role)) throw forbidden('refusal' in policy ? policy.refusal : undefined);
  });
}
