/**
 * The baseline for SSR throughput: the same streaming render the server uses (React Router's request
 * handler over the built site, entry.server.tsx included), called in a loop in one process with no HTTP
 * in front. The API answers the loaders ask for are fetched once from the running product and replayed
 * from memory, so every render has the same data and costs no network or database.
 * Usage (as a child of bench/run.ts): node bench/bare-render.ts <page URL> <seconds>
 * API_BASE and HASHID_SALT must be the product's. Prints JSON: { rate, p99, renders }.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { percentile } from "./lib/stats.ts";

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
const latencies: number[] = [];
const until = performance.now() + Number(seconds) * 1000;
const started = performance.now();
while (performance.now() < until) latencies.push(await render());
const elapsed = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({ rate: latencies.length / elapsed, p99: percentile(latencies, 99), renders: latencies.length }),
);
