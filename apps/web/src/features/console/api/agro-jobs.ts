import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The agro jobs of spec section 7 (run by administrators over all fields and reports). They belong to
 * the results feature; this tab offers those the server actually has, found in its OpenAPI document.
 */
export const AGRO_JOBS = [
  { key: 'createPolygons', method: 'post', path: '/agro/createPolygons', destructive: false },
  {
    key: 'populateReportsSoilData',
    method: 'get',
    path: '/agro/populateReportsSoilData',
    destructive: false,
  },
  {
    key: 'populateReportsSatelliteImgs',
    method: 'get',
    path: '/agro/populateReportsSatelliteImgs',
    destructive: false,
  },
  {
    key: 'populateReportsSatelliteStats',
    method: 'get',
    path: '/agro/populateReportsSatelliteStats',
    destructive: false,
  },
  {
    key: 'populateReportsShootDays',
    method: 'get',
    path: '/agro/populateReportsShootDays',
    destructive: false,
  },
  { key: 'deleteReportsSoilData', method: 'get', path: '/agro/deleteReportsSoilData', destructive: true },
  {
    key: 'deleteReportsSatelliteImgs',
    method: 'get',
    path: '/agro/deleteReportsSatelliteImgs',
    destructive: true,
  },
] as const;
export type AgroJob = (typeof AGRO_JOBS)[number];

interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
}

/** The jobs whose route the server declares (`GET /api/openapi.json`). */
export function useAvailableAgroJobs() {
  return useQuery({
    queryKey: ['openapi', 'agro-jobs'],
    queryFn: async () => {
      const document = await api.get<OpenApiDocument>('/openapi.json');
      return AGRO_JOBS.filter((job) => document.paths?.[`/api${job.path}`]?.[job.method] !== undefined);
    },
    staleTime: 5 * 60_000,
  });
}

/** Runs one job; its answer (counts of what was done) is shown as it comes. */
export function useRunAgroJob() {
  return useMutation({
    mutationFn: (job: AgroJob) =>
      job.method === 'post' ? api.post<unknown>(job.path) : api.get<unknown>(job.path),
  });
}

/** "agroIdsCreated: 12 · failed: 0" from a job's JSON answer (lists shown by their length). */
export function summariseAnswer(answer: unknown): string {
  if (answer === null || typeof answer !== 'object') return answer === null ? '' : String(answer);
  return Object.entries(answer as Record<string, unknown>)
    .map(([key, value]) => {
      if (Array.isArray(value)) return `${key}: ${value.length}`;
      if (value !== null && typeof value === 'object') return `${key}: ${summariseAnswer(value)}`;
      return `${key}: ${String(value)}`;
    })
    .join(' · ');
}
