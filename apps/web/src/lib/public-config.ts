import type { MaintenanceView } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapTileConfig } from '../components/map/map-style.ts';
import { api } from './api-client.ts';

export interface PublicConfig {
  paymentMethods: {
    accountHolder: string;
    /** Null until the operator sets them; wire transfer is then unavailable. */
    bankName: string | null;
    iban: string | null;
    bic: string | null;
    salesEmail: string;
    /** False while the bank details are unset (absent from older servers: available). */
    wireTransfer?: boolean;
  };
  recaptchaSiteKey: string | null;
  /** Map tile source; absent from servers that predate the fields feature. */
  map?: MapTileConfig | null;
  /** Maintenance mode (absent from older servers: off). */
  maintenance?: MaintenanceView;
}

export const getPublicConfig = () => api.get<PublicConfig>('/config/public');

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config', 'public'],
  queryFn: getPublicConfig,
  // Long-lived, but looked at again now and then: maintenance may start or end meanwhile.
  staleTime: 60_000,
  refetchInterval: (query) => (query.state.data?.maintenance?.on ? 15_000 : false),
});

/** Payment details, sales e-mail and the reCAPTCHA site key (null when bot checks are off). */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}

/** Whether orders may be paid by wire transfer: the server has the bank details. */
export const wireTransferOffered = (config: PublicConfig | undefined) =>
  config ? config.paymentMethods.wireTransfer !== false : false;
