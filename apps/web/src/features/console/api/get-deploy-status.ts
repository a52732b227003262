import type { DeployStatusView } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const DEPLOY_STATUS_KEY = ['deploy'] as const;

/** `GET /api/deploy` (Deploy:create): configured or not, running, the last run of this server. */
export const getDeployStatus = () => api.get<DeployStatusView>('/deploy');

export function useDeployStatus() {
  return useQuery({ queryKey: DEPLOY_STATUS_KEY, queryFn: getDeployStatus });
}
