import { globSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));
/**
 * Node's compile cache for every process and thread the tests start that Node loads itself rather
 * than Vitest: the tracking writer thread of each test server (about 350 ms of CPU a start without
 * it, most of it stripping types), the CLIs and servers the tests spawn. The server's own entry turns
 * it on as well (decision 104).
 */
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), "node-compile-cache");
const unitTests = [
  "packages/*/src/**/*.test.ts",
  "tools/*/src/**/*.test.ts",
  "apps/api/src/**/*.test.ts",
  "apps/web/app/**/*.test.{ts,tsx}",
  "apps/web/server/**/*.test.ts",
  "apps/web/*.test.ts",
  "scripts/**/*.test.ts",
  "bench/**/*.test.ts",
];
/**
 * The unit files that replace a module or a global (`vi.mock`, `vi.doMock`, `vi.stubGlobal`,
 * `vi.stubEnv`): each runs in a module graph of its own, as a mock takes effect only where the module
 * is not loaded yet. The other unit files share their worker's modules (`isolate: false`): they import
 * pure code, and a file of their own each cost about 0.25 s of a worker's start.
 */
const mockingUnitTests = globSync(unitTests, { cwd: root }).filter((file) =>
  /\bvi\.(mock|doMock|stubGlobal|stubEnv)\s*[(<]/.test(readFileSync(join(root, file), "utf8")),
);
// none found means the scan looked in the wrong place: every mocking file would share modules unseen
if (mockingUnitTests.length === 0) throw new Error(`vitest.config.ts: no unit file that mocks was found under ${root}`);
const unitProject = {
  // the server's import of the island loader's URL (made by apps/web/vite.config.ts in builds)
  alias: { "virtual:davmu/island-boot": new URL("apps/web/app/islands/boot-url.ts", import.meta.url).pathname },
  environment: "node",
} as const;

const apiTests = ["apps/api/test/**/*.test.ts"];
/**
 * The API files that serve the site's pages from its build: the site's server keeps one API client
 * per process (its address, its anonymous token, the in-process route to the API), as production runs
 * it, so each of these files runs in a process of its own. The other API files share their worker's
 * modules (`isolate: false`): each file still starts its own server over its own database, and importing
 * the whole API once per worker rather than once per file halves the CPU the API files take.
 */
const siteApiTests = [
  "apps/api/test/pages.test.ts",
  "apps/api/test/web-csp.test.ts",
  "apps/api/test/response-cache.test.ts",
  "apps/api/test/in-process-api.test.ts",
  "apps/api/test/site-over-http.test.ts",
  "apps/api/test/render-slots.test.ts",
  "apps/api/test/render-slots-busy.test.ts",
];
/**
 * The API's fault and load files: each starts whole product processes (a cluster behind nginx with
 * Redis, processes killed or stopped mid-write, PostgreSQL restarted) or sends thousands of requests.
 * They run with `npm run test:long` (both databases), apart from `npm test`, which must stay within
 * ten minutes on two cores.
 */
const longApiTests = [
  "apps/api/test/live-cluster.test.ts",
  "apps/api/test/tracking-shutdown.test.ts",
  "apps/api/test/shutdown.test.ts",
  "apps/api/test/deployments.test.ts",
  "apps/api/test/database-restart.test.ts",
  "apps/api/test/fuzz.test.ts",
  // a writer thread terminated mid-run and a database locked past its busy timeout
  "apps/api/test/tracking-writer.test.ts",
  // ~10 MB camera photos made and sent at once to a pool of one worker, past its deadline, as bombs
  "apps/api/test/picture-work.test.ts",
  // a thousand WeChat signing requests at once (npm test sends a hundred)
  "apps/api/test/wechat-load.test.ts",
  // forty and three hundred visitors at once against one or two render slots (site files: each file
  // runs in a process of its own here too, as the long projects do not share modules)
  "apps/api/test/render-slots.test.ts",
  "apps/api/test/render-slots-busy.test.ts",
];

/**
 * How long `expect.poll` waits for a condition unless a test names its own bound (a requirement's
 * "within 2 s" is asserted with its own timeout): Vitest's default second is shorter than a page's
 * scripts take to start on two busy cores, where a condition that holds is still seen late.
 */
const eventually = { timeout: 10_000, interval: 50 };

export default defineConfig({
  test: {
    // Vitest's default leaves a core free (one worker on two cores); the API files wait on their
    // servers, databases and timers more than they compute, and each has a database and ports of its
    // own, so two run side by side even on two cores (the browser files still run one at a time)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          ...unitProject,
          name: "unit",
          include: unitTests,
          exclude: [...configDefaults.exclude, ...mockingUnitTests],
          isolate: false,
        },
      },
      {
        test: { ...unitProject, name: "unit-mocking", include: mockingUnitTests },
      },
      {
        test: {
          name: "api-sqlite",
          globalSetup: ["apps/api/test/setup/sqlite-templates.ts"],
          expect: { poll: eventually },
          include: apiTests,
          exclude: [...longApiTests, ...siteApiTests],
          isolate: false,
          env: { TEST_DATABASE: "sqlite" },
          testTimeout: 20000,
          // a file's server starts in its beforeAll: on a busy machine (the browser files run beside)
          // that can take longer than Vitest's default ten seconds
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: "api-postgres",
          expect: { poll: eventually },
          include: apiTests,
          exclude: [...longApiTests, ...siteApiTests],
          isolate: false,
          env: { TEST_DATABASE: "postgres" },
          globalSetup: ["apps/api/test/setup/postgres-cluster.ts"],
          testTimeout: 20000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: "api-site-sqlite",
          globalSetup: ["apps/api/test/setup/sqlite-templates.ts"],
          expect: { poll: eventually },
          include: siteApiTests,
          exclude: longApiTests,
          env: { TEST_DATABASE: "sqlite" },
          testTimeout: 20000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: "api-site-postgres",
          expect: { poll: eventually },
          include: siteApiTests,
          exclude: longApiTests,
          env: { TEST_DATABASE: "postgres" },
          globalSetup: ["apps/api/test/setup/postgres-cluster.ts"],
          testTimeout: 20000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: "api-long-sqlite",
          globalSetup: ["apps/api/test/setup/sqlite-templates.ts"],
          include: longApiTests,
          env: { TEST_DATABASE: "sqlite" },
          testTimeout: 60000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: "api-long-postgres",
          include: longApiTests,
          env: { TEST_DATABASE: "postgres" },
          globalSetup: ["apps/api/test/setup/postgres-cluster.ts"],
          testTimeout: 60000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: "e2e",
          expect: { poll: eventually },
          include: ["apps/web/e2e/**/*.e2e.ts"],
          globalSetup: ["apps/web/e2e/setup/server.ts"],
          // a test's steps are bounded each (Playwright's actions, `expect.poll`); the test's own bound
          // is what a saturated two-core machine takes, where a browser test runs three to four times
          // as long as alone (30 s left a few over it on each such run, each time another)
          testTimeout: 60000,
          hookTimeout: 90000,
          // the browser files run as many at a time as there are workers, each worker against a
          // product server and a Chromium of its own (setup/server.ts); a worker's files share its
          // modules (Playwright's client, the test support), imported once per worker, not per file
          isolate: false,
        },
      },
    ],
  },
});
