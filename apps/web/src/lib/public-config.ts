import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapTileConfig } from '../components/map/map-style.ts';
import { api } from './api-client.ts';

export interface PublicConfig {
  paymentMethods: {
    accountHolder: string;
    bankName: string;
    iban: string;
    bic: string;
    salesEmail: string;
  };
  recaptchaSiteKey: string | null;
  /** Map tile source; absent from servers that predate the fields feature. */
  map?: MapTileConfig | null;
}

export const getPublicConfig = () => api.get<PublicConfig>('/config/public');

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config', 'public'],
  queryFn: getPublicConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

/** Payment details, sales e-mail and the reCAPTCHA site key (null when bot checks are off). */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
