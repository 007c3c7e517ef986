import { startPostgresCluster } from "@davmu/test-support/postgres-cluster";
import type { TestProject } from "vitest/node";

/** A throwaway PostgreSQL cluster for the API suite (packages/test-support/src/postgres-cluster.ts), or TEST_POSTGRES_URL. */

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_POSTGRES_URL) {
    project.provide("postgresAdminUrl", process.env.TEST_POSTGRES_URL);
    return;
  }
  const cluster = await startPostgresCluster();
  project.provide("postgresAdminUrl", cluster.adminUrl);
  return () => cluster.stop();
}
