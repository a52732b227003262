import { createPlaceSearch } from '../../platform/geo/place-search.ts';
import type { ServerModule } from '../server-module.ts';
import { placeRoutes } from './routes.ts';

/** The offline place search of the field-drawing map (bundled region and town names). */
export function createPlacesModule(): ServerModule {
  const places = createPlaceSearch();
  return {
    async routes(api) {
      await api.register(placeRoutes, { places });
    },
  };
}
