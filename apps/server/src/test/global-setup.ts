import type { TestProject } from 'vitest/node';
import { prepareTestDatabases } from './test-database.ts';

/**
 * Once per vitest run: the migrated PGlite snapshot and, for a project whose TEST_DB is not `pglite`
 * while TEST_DATABASE_URL is set, the PostgreSQL template every test file copies its database from.
 */
export default async function setup(project: TestProject) {
  const env = { ...process.env, ...project.config.env };
  const postgresUrl = env.TEST_DB === 'pglite' ? undefined : env.TEST_DATABASE_URL || undefined;
  return prepareTestDatabases({ postgresUrl });
}
