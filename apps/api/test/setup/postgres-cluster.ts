import { startPostgresCluster } from "@davmu/test-support/postgres-cluster";
import pg from "pg";
import type { TestProject } from "vitest/node";

/** A throwaway PostgreSQL cluster for the API suite (packages/test-support/src/postgres-cluster.ts), or TEST_POSTGRES_URL. */

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** The names of the migrated templates each worker makes (`helper.ts`): this and 12 hex digits. */
export const postgresTemplatePrefix = "t_template_";

/**
 * Drops the migrated templates the run's workers made (`helper.ts`): a cluster of the developer's own
 * (TEST_POSTGRES_URL) outlives the run, and keeps each test's own database only until its test ends.
 */
async function dropTemplates(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [postgresTemplatePrefix],
    );
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_POSTGRES_URL) {
    const adminUrl = process.env.TEST_POSTGRES_URL;
    project.provide("postgresAdminUrl", adminUrl);
    return () => dropTemplates(adminUrl);
  }
  const cluster = await startPostgresCluster();
  project.provide("postgresAdminUrl", cluster.adminUrl);
  return () => cluster.stop();
}
