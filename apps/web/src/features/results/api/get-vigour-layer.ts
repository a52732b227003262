import type { VigourLayerFile } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The report's vigour layer (`vigourUrl` of the results view), fetched once it is shown. */
export function useVigourLayer(vigourUrl: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['report-vigour', vigourUrl],
    queryFn: () => api.get<VigourLayerFile>((vigourUrl as string).replace(/^\/api/, '')),
    enabled: enabled && vigourUrl !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
