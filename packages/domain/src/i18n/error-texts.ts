import { ANALYTICS_MESSAGES } from '../analytics.ts';
import { MAINTENANCE_MESSAGES } from '../maintenance.ts';
import { SHOOT_MESSAGES } from '../scheduling.ts';
import { AGRO_MESSAGES } from '../validation/agro-messages.ts';
import { COMMERCE_MESSAGES } from '../validation/commerce-messages.ts';
import { COMPANY_MESSAGES } from '../validation/company-messages.ts';
import { CLIENT_ERROR_MESSAGES, HTTP_MESSAGES } from '../validation/http-messages.ts';
import { MESSAGES } from '../validation/messages.ts';
import { OPERATIONS_MESSAGES } from '../validation/operations-messages.ts';
import { REALTIME_MESSAGES } from '../validation/realtime-messages.ts';
import { AUTH_MESSAGES, FIELD_GEOMETRY_MESSAGES } from '../validation/server-messages.ts';
import { AGRO_JOB_MESSAGES } from '../views/agro-jobs.ts';
import { DATASET_MESSAGES } from '../views/dataset.ts';
import { DEPLOY_MESSAGES } from '../views/deploy.ts';
import { RESULTS_MESSAGES } from '../views/results.ts';

/**
 * The English `errors` namespace of the catalogue: the domain's message constants themselves, so the
 * texts the schemas and services use and the keys both sides translate by cannot drift apart. The
 * Greek namespace (`el/errors.json`) has the same shape; `catalogue.test.ts` fails on any gap.
 */
export const ERROR_TEXTS_EN = {
  validation: MESSAGES,
  http: HTTP_MESSAGES,
  client: CLIENT_ERROR_MESSAGES,
  auth: AUTH_MESSAGES,
  field: FIELD_GEOMETRY_MESSAGES,
  shoot: SHOOT_MESSAGES,
  operations: OPERATIONS_MESSAGES,
  company: COMPANY_MESSAGES,
  commerce: COMMERCE_MESSAGES,
  analytics: ANALYTICS_MESSAGES,
  agro: AGRO_MESSAGES,
  agroJobs: AGRO_JOB_MESSAGES,
  realtime: REALTIME_MESSAGES,
  maintenance: MAINTENANCE_MESSAGES,
  dataset: DATASET_MESSAGES,
  deploy: DEPLOY_MESSAGES,
  results: RESULTS_MESSAGES,
} as const;

export type ErrorGroup = keyof typeof ERROR_TEXTS_EN;
