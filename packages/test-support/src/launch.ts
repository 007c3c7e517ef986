/**
 * Starting the pieces of a deployment on loopback, for `npm run cluster`, the fault suite and the
 * token flood: instances of the product, Redis (apt's redis-server, nothing saved to disk) and nginx
 * (apt's, with a configuration of its own in a temp dir). Every wait has a timeout.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.ts";

export const root = fileURLToPath(new URL("../../../", import.meta.url));
const node = process.execPath;

export interface Child {
  process: ChildProcess;
  output(): string;
  /** SIGTERM, then SIGKILL after `timeoutMs`; resolves with the exit code. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

export function launch(command: string, args: string[], env: Record<string, string> = {}, quiet = true): Child {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk;
    if (output.length > 200_000) output = output.slice(-100_000);
    if (!quiet) process.stderr.write(chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return {
    process: child,
    output: () => output,
    stop(signal = "SIGTERM", timeoutMs = 15000) {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((resolve) => {
        const kill = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
        child.once("exit", (code) => {
          clearTimeout(kill);
          resolve(code);
        });
        child.kill(signal);
      });
    },
  };
}

/** Polls `url` until it answers 2xx, or throws after `timeoutMs` (or when `child` exits). */
export async function waitFor(url: string, child?: Child, timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.process.exitCode !== null) throw new Error(`${url}: process exited\n${child.output()}`);
    const answer = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (answer?.ok) return;
    if (Date.now() > deadline) throw new Error(`${url} not ready in ${timeoutMs} ms\n${child?.output() ?? ""}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One instance of the product (`node apps/api/src/main.ts`) on a port of loopback. */
export async function startInstance(env: Record<string, string>, port?: number) {
  const chosen = port ?? (await freePort());
  const child = launch(node, ["apps/api/src/main.ts"], {
    HOST: "127.0.0.1",
    PORT: String(chosen),
    LOG_LEVEL: "warn",
    ...env,
  });
  await waitFor(`http://127.0.0.1:${chosen}/readyz`, child, 60000);
  return { port: chosen, origin: `http://127.0.0.1:${chosen}`, child };
}

function which(binary: string, candidates: string[]): string {
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  const found = spawnSync("sh", ["-c", `command -v ${binary}`], { encoding: "utf8" }).stdout.trim();
  if (found) return found;
  throw new Error(`${binary} not found: run scripts/ensure-system-deps.sh (apt-get install redis-server nginx)`);
}

/** redis-server from apt on a free loopback port, saving nothing to disk. */
export async function startRedis(port?: number) {
  const chosen = port ?? (await freePort());
  const bin = which("redis-server", ["/usr/bin/redis-server"]);
  const child = launch(bin, ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]);
  const deadline = Date.now() + 10000;
  const cli = which("redis-cli", ["/usr/bin/redis-cli"]);
  while (spawnSync(cli, ["-p", String(chosen), "ping"], { encoding: "utf8" }).stdout.trim() !== "PONG") {
    if (Date.now() > deadline || child.process.exitCode !== null)
      throw new Error(`redis did not start\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { port: chosen, url: `redis://127.0.0.1:${chosen}`, child };
}

/**
 * nginx from apt in front of the instances, with its own configuration and files in a temp dir:
 * round robin over the upstreams, keep-alive connections to them, the client's address passed in
 * X-Forwarded-For (the instances trust loopback), and a request the upstream refused before it was
 * sent retried on the next one.
 */
export async function startNginx(upstreamPorts: number[], port?: number) {
  const chosen = port ?? (await freePort());
  const bin = which("nginx", ["/usr/sbin/nginx"]);
  const dir = mkdtempSync(join(tmpdir(), "davmu-nginx-"));
  const conf = join(dir, "nginx.conf");
  writeFileSync(conf, nginxConfig(dir, chosen, upstreamPorts));
  const child = launch(bin, ["-p", dir, "-c", conf, "-e", join(dir, "error.log")]);
  try {
    await waitFor(`http://127.0.0.1:${chosen}/healthz`, child, 15000);
  } catch (error) {
    await child.stop("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port: chosen,
    origin: `http://127.0.0.1:${chosen}`,
    child,
    dir,
    /** Stops nginx (SIGQUIT: it finishes what it serves) and removes its files. */
    async stop(signal: NodeJS.Signals = "SIGQUIT") {
      await child.stop(signal);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function nginxConfig(dir: string, port: number, upstreamPorts: number[]): string {
  const servers = upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join("\n");
  // one process, no master (so no worker of another user, and none left holding the port when a
  // SIGKILL stops it)
  return `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream davmu {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port} backlog=4096;
    client_max_body_size 2m;
    server_tokens off;
    # the live rooms' WebSocket (docs/live.md): the upgrade passed on, a read timeout above the 20 s pings
    location = /peony/v3/live/ws {
      proxy_pass http://davmu;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
    location / {
      proxy_pass http://davmu;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      proxy_next_upstream error timeout http_503;
      proxy_next_upstream_tries 3;
    }
  }
}
`;
}
