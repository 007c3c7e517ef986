/**
 * The baseline for SSR throughput: the same streaming render the server uses (React Router's request
 * handler over the built site, entry.server.tsx included), called in a loop in one process with no HTTP
 * in front. The API answers the loaders ask for are fetched once from the running product and replayed
 * from memory, so every render has the same data and costs no network or database.
 * It runs as the product does: in production mode (the product's own environment, with its secrets),
 * with React's production build; it refuses to run otherwise (exit code 2), since a development
 * build renders about half as fast and would flatter the ratio to it.
 * Usage (as a child of bench/run.ts): node bench/bare-render.ts <page URL> <seconds>
 * The environment must be the product's (API_BASE its origin). Prints JSON:
 * { rate, p99, renders, cpuMicrosPerRender } (this process's own CPU time, all threads, per render).
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { percentile } from "./lib/stats.ts";

const refuse = (why: string): never => {
  console.error(`bare render: ${why}; the bench measures its baselines in production mode only`);
  process.exit(2);
};
if (process.env.NODE_ENV !== "production") refuse(`NODE_ENV is ${process.env.NODE_ENV ?? "unset"}`);

const [pageUrl, seconds = "10"] = process.argv.slice(2);
if (!pageUrl) throw new Error("usage: bare-render.ts <page URL> <seconds>");
const apiBase = process.env.API_BASE ?? "";
const userAgent = process.env.BENCH_USER_AGENT ?? "";

const recorded = new Map<string, { status: number; headers: [string, string][]; body: string }>();
const realFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  const key = `${request.method} ${request.url}`;
  if (!request.url.startsWith(apiBase)) return realFetch(input, init);
  let answer = recorded.get(key);
  if (!answer) {
    const response = await realFetch(request);
    answer = { status: response.status, headers: [...response.headers], body: await response.text() };
    answer.headers = answer.headers.filter(([name]) => name !== "content-encoding" && name !== "content-length");
    recorded.set(key, answer);
  }
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
};

const buildDir = join(new URL("../", import.meta.url).pathname, "apps/web/build");
const build = (await import(pathToFileURL(join(buildDir, "server/index.js")).href)) as ServerBuild;
const handle = createRequestHandler(build, "production");

/**
 * React's builds as run (`react`, `react-dom` and its server renderer pick theirs from NODE_ENV).
 * Only modules that ran count: importing a CommonJS module from ESM reads both branches' files for
 * their export names, and lists the one not taken in the cache too, never run (`loaded` false).
 */
function reactBuilds(): { production: string[]; development: string[] } {
  const loaded = Object.entries(createRequire(import.meta.url).cache)
    .filter(([path, module]) => module?.loaded && /[\\/]node_modules[\\/]react(-dom)?[\\/]cjs[\\/]/.test(path))
    .map(([path]) => path);
  return {
    production: loaded.filter((path) => path.endsWith(".production.js")),
    development: loaded.filter((path) => path.endsWith(".development.js")),
  };
}

async function render(): Promise<number> {
  const started = performance.now();
  const response = await handle(new Request(pageUrl as string, { headers: { "user-agent": userAgent } }));
  if (response.status !== 200) throw new Error(`render answered ${response.status}`);
  await response.text();
  return performance.now() - started;
}

// warm up: record the API answers (the product may still be busy with the previous load), let the JIT settle
for (let attempt = 0; ; attempt++) {
  try {
    await render();
    break;
  } catch (error) {
    if (attempt >= 20) throw error;
    recorded.clear();
    await new Promise((r) => setTimeout(r, 500));
  }
}
for (let i = 0; i < 50; i++) await render();
// after a render every module the page needs is loaded: none of React's may be a development build
const builds = reactBuilds();
if (builds.development.length > 0 || builds.production.length === 0)
  refuse(
    `React's ${builds.development.length > 0 ? `development build is loaded (${builds.development.join(", ")})` : "production build is not loaded"}`,
  );
const latencies: number[] = [];
const until = performance.now() + Number(seconds) * 1000;
const cpuBefore = process.cpuUsage();
const started = performance.now();
while (performance.now() < until) latencies.push(await render());
const elapsed = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
console.log(
  JSON.stringify({
    rate: latencies.length / elapsed,
    p99: percentile(latencies, 99),
    renders: latencies.length,
    cpuMicrosPerRender: (cpu.user + cpu.system) / latencies.length,
  }),
);
