import { defineConfig } from "vitest/config";

const apiTests = ["apps/api/test/**/*.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/api/src/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
            "apps/web/server/**/*.test.ts",
            "apps/web/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        test: {
          name: "api-sqlite",
          include: apiTests,
          env: { TEST_DATABASE: "sqlite" },
          testTimeout: 20000,
        },
      },
      {
        test: {
          name: "api-postgres",
          include: apiTests,
          env: { TEST_DATABASE: "postgres" },
          globalSetup: ["apps/api/test/setup/postgres-cluster.ts"],
          testTimeout: 20000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["apps/web/e2e/**/*.e2e.ts"],
          globalSetup: ["apps/web/e2e/setup/server.ts"],
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
    ],
  },
});
