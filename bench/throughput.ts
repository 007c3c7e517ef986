/**
 * Server throughput with autocannon (100 connections, in a process of its own: bench/load-generator.ts)
 * against loopback servers started in the same run, each figure a ratio to a baseline measured beside
 * it: the Fastify hello-world, or the bare in-process render of the same page.
 */
import { spawn } from "node:child_process";
import { get as httpGet } from "node:http";
import { measuredNodeFlags, node, phoneUserAgent, refuseDevelopment, root } from "@davmu/test-support/product";

export interface Load {
  rate: number;
  p99: number;
  errors: number;
  /**
   * CPU time the server process spent per answer (user + system, all its threads), in microseconds,
   * when its pid was given. On two cores the load generator shares the machine with the server; the
   * answers one core of the server could give are 1e6 ÷ this, whatever the load generator manages.
   */
  cpuMicrosPerAnswer?: number;
}

/**
 * Runs one of the bench's measuring scripts in a process of its own and answers the figures it prints
 * as its last line of JSON; rejects when it fails or prints none.
 */
function measureInChild<T>(what: string, args: string[], env: Record<string, string> = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let problems = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      problems += chunk;
    });
    child.once("error", reject);
    child.once("close", (code, signal) => {
      if (code !== 0) return reject(new Error(`${what} exited with ${code ?? signal}:\n${problems}`));
      try {
        resolve(JSON.parse(output.trim().split("\n").pop() as string) as T);
      } catch {
        reject(new Error(`${what} printed no figures:\n${output}\n${problems}`));
      }
    });
  });
}

/** autocannon against one URL for some seconds, in a process of its own (bench/load-generator.ts). */
export function load(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
  serverPid?: number,
): Promise<Load> {
  const allHeaders = { "user-agent": phoneUserAgent, "accept-encoding": "gzip, deflate, br", ...headers };
  const args = ["bench/load-generator.ts", url, String(seconds), JSON.stringify(allHeaders)];
  if (serverPid) args.push(String(serverPid));
  return measureInChild(`load generator for ${url}`, args);
}

/**
 * Renders of one page per second in a process of its own, with no HTTP in front (bench/bare-render.ts),
 * in the product's environment (`env`: production mode and its settings) and with its Node flags;
 * `cpuMicrosPerAnswer` is the render's own CPU time per page. Refuses an environment that is not
 * production's, as the bare render itself does.
 */
export async function bareRender(pageUrl: string, seconds: number, env: Record<string, string>): Promise<Load> {
  refuseDevelopment("the bare render", { ...process.env, ...env });
  const { rate, p99, cpuMicrosPerRender } = await measureInChild<{
    rate: number;
    p99: number;
    cpuMicrosPerRender: number;
  }>("bare render", [...measuredNodeFlags, "bench/bare-render.ts", pageUrl, String(seconds)], {
    ...env,
    BENCH_USER_AGENT: phoneUserAgent,
  });
  return { rate, p99, errors: 0, cpuMicrosPerAnswer: cpuMicrosPerRender };
}

/** Fetches a page twice (the second answer comes from the page cache), raw, and hands it to the hello-world's replay route. */
export async function replayCachedPage(pageUrl: string, replayUrl: string): Promise<void> {
  const get = () =>
    new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      // node:http leaves the body as sent (brotli), where fetch would decode it
      httpGet(pageUrl, { headers: { "user-agent": phoneUserAgent, "accept-encoding": "gzip, deflate, br" } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            // the replaying server sets its own framing and connection headers
            if (
              typeof value === "string" &&
              !/^(date|connection|keep-alive|content-length|transfer-encoding)$/.test(name)
            )
              headers[name] = value;
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(parts) });
        });
        res.on("error", reject);
      }).on("error", reject);
    });
  await get();
  const cached = await get();
  if (cached.headers["x-cache"] !== "hit") throw new Error(`${pageUrl} was not answered from the page cache`);
  const answer = await fetch(replayUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ status: cached.status, headers: cached.headers, base64: cached.body.toString("base64") }),
  });
  if (!answer.ok) throw new Error(`the hello-world refused the page to replay: ${answer.status}`);
}
