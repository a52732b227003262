import type { RegisteredRoute } from '../app.ts';

/**
 * Settings of the security suites' app: no outside weather, soil or satellite service (tests never
 * leave the machine), no daily agro refresh, a no-op deploy command.
 */
export const SECURITY_TEST_ENV: Record<string, string> = {
  AGRO_WEATHER_PROVIDER: 'none',
  AGRO_SOIL_PROVIDER: 'none',
  AGRO_SATELLITE_SOURCE: 'none',
  AGRO_DAILY_REFRESH: 'false',
  // A deploy that does nothing: the administrator's deploy route answers as configured instead of 503.
  DEPLOY_COMMAND: 'true',
};

/**
 * The app's API routes as `METHOD /path` keys, from the route registry. Fastify adds a HEAD route to
 * every GET; those answer like the GET and are left out (a HEAD route of its own, as tus has, stays).
 */
export function registeredApiRoutes(routes: readonly RegisteredRoute[]): string[] {
  const gets = new Set(routes.filter((route) => route.method === 'GET').map((route) => route.url));
  const keys = routes
    .filter((route) => route.url.startsWith('/api'))
    .filter((route) => !(route.method === 'HEAD' && gets.has(route.url)))
    .map((route) => `${route.method} ${route.url}`);
  return [...new Set(keys)].sort();
}
