import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { otherDemoPaths, otherPageNames } from "@davmu/demo/demo-paths";
import { freePort } from "@davmu/test-support/free-port";

export const root = new URL("../../../", import.meta.url).pathname;
export const node = process.execPath;
export const phoneUserAgent =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2c) NetType/WIFI Language/zh_CN";

/** Secrets made for this run of the bench, never kept: production refuses the development ones. */
const runSecret = (bytes: number) => randomBytes(bytes).toString("base64url");
const secrets = {
  HASHID_SALT: runSecret(16),
  OTP_SECRET: runSecret(32),
  EDITOR_API_KEY: runSecret(32),
};

/** Production settings for a benchmark run: secrets are made for the run, the SMS provider is never called. */
export function productionEnv(port: number, databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    HASHID_SALT: secrets.HASHID_SALT,
    OTP_SECRET: secrets.OTP_SECRET,
    SMS_TRANSPORT: "aliyun",
    SMS_ENDPOINT: "http://127.0.0.1:9/",
    SMS_ACCESS_KEY_ID: "bench",
    SMS_ACCESS_KEY_SECRET: "bench",
    SMS_SIGN_NAME: "bench",
    SMS_TEMPLATE_CODE: "SMS_BENCH",
    EDITOR_API_KEY: secrets.EDITOR_API_KEY,
  };
}

/**
 * The Node flags of every process the bench measures: the product and each baseline (the Fastify
 * hello-world, the tracking bench's bare routes, the bare render) start with the same ones, as the
 * product starts (`node apps/api/src/main.ts`), so no figure is a ratio to a differently run process.
 */
export const measuredNodeFlags: readonly string[] = [];

/**
 * Throws unless a process about to be measured runs in production mode. A baseline in development
 * mode (React's development build renders about half as fast) would flatter every ratio to it.
 */
export function refuseDevelopment(what: string, env: Record<string, string | undefined>): void {
  if (env.NODE_ENV !== "production")
    throw new Error(
      `${what} would run with NODE_ENV=${env.NODE_ENV ?? "(unset)"}: the bench measures every process in production mode`,
    );
}

/**
 * The first line of a measured process's own code (a baseline's script, or the code given to
 * `node -e`): it stops with exit code 2 and says why when it was started without NODE_ENV=production.
 */
export const productionOnly = `if (process.env.NODE_ENV !== "production") {
  console.error(\`\${process.argv[1] ?? "baseline"}: NODE_ENV is \${process.env.NODE_ENV ?? "unset"}; the bench measures baselines in production mode only\`);
  process.exit(2);
}`;

/** The environment of a baseline: production mode, as the product runs. */
export const baselineEnv = (env: Record<string, string>): Record<string, string> => ({
  ...env,
  NODE_ENV: "production",
});

export interface RunningServer {
  origin: string;
  env: Record<string, string>;
  /** Process id of the server, to read the CPU time it spends (bench/load-generator.ts) */
  pid: number;
  close(): Promise<void>;
}

export async function waitForOk(url: string, child: ChildProcess, log: () => string, timeoutMs = 120000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer\n${log()}`);
}

export function spawnServer(
  args: string[],
  env: Record<string, string>,
  readyPath: string,
  origin: string,
  onClose?: () => void,
): Promise<RunningServer> {
  let output = "";
  const childEnv = { ...process.env, ...env };
  refuseDevelopment(args.join(" "), childEnv);
  const child = spawn(node, [...measuredNodeFlags, ...args], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c) => {
    output = (output + c).slice(-20000);
  });
  child.stderr?.on("data", (c) => {
    output = (output + c).slice(-20000);
  });
  let closing = false;
  // a server that stops under the bench (crash, or killed from outside) says so, with its last output
  child.once("exit", (code, signal) => {
    if (!closing)
      process.stderr.write(
        `${args.join(" ")} (${origin}) exited during the run: code ${code}, signal ${signal}\n${output.slice(-3000)}\n`,
      );
  });
  const server: RunningServer = {
    origin,
    env,
    pid: child.pid as number,
    async close() {
      closing = true;
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      onClose?.();
    },
  };
  return waitForOk(origin + readyPath, child, () => output).then(() => server);
}

/** The built product (site and API in one process) on a freshly seeded SQLite file. */
export async function startProduct(): Promise<RunningServer> {
  if (!existsSync(join(root, "apps/web/build/server/index.js"))) {
    const built = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) throw new Error("building the site failed");
  }
  const dir = mkdtempSync(join(tmpdir(), "davmu-bench-"));
  const port = await freePort();
  const env = productionEnv(port, `sqlite:${join(dir, "bench.db")}`);
  const seeded = spawnSync(node, ["tools/demo/src/seed-cli.ts"], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}\n${seeded.stderr}`);
  return spawnServer(["apps/api/src/main.ts"], env, "/readyz", `http://127.0.0.1:${port}`, () =>
    rmSync(dir, { recursive: true, force: true }),
  );
}

/** The baseline: a Fastify hello-world in its own process, as the product runs. */
export async function startHelloWorld(): Promise<RunningServer> {
  const port = await freePort();
  return spawnServer(["bench/hello-world.ts"], baselineEnv({ PORT: String(port) }), "/", `http://127.0.0.1:${port}`);
}

/** The newest demo article's share path, as the home page links it. */
export async function demoArticlePath(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/davmu/share/`, { headers: { "user-agent": phoneUserAgent } })).text();
  const match = /href="(\/davmu\/share\/[a-z-]+\/doc\/[^"]+\/index\.html)"/.exec(html);
  if (!match?.[1]) throw new Error("the home page links no article");
  return match[1];
}

/** A page type of the share site, with the demo page that stands for it. */
export interface DemoPage {
  /** Short name, as `--pages=` and the results table use it */
  name: string;
  path: string;
  /** A content detail page (its first packet must hold its headline and lead) */
  detail: boolean;
}

/** Detail page types as their share paths name them (`/{actor}/{type}/…/index.html`), under the bench's names. */
export const detailTypes: Record<string, string> = {
  doc: "article",
  video: "video",
  svideo: "svideo",
  audio: "audio",
  audio_album: "audio-album",
  video_album: "video-album",
  gallery: "gallery",
  local_live: "live",
  mini_program: "mini-program",
  special: "special",
};

/** The first island page (decision 053): the privacy policy, audited beside the page types. */
export const agreementPath = "/davmu/share/agreement/privacy";

/** Every page type's name, in the order the bench measures them. */
export const pageNames = [
  "home",
  ...Object.values(detailTypes),
  "content-model",
  "list",
  "fly-card",
  "search",
  "pc",
  ...otherPageNames,
] as const;

const decodeHref = (href: string) => href.replaceAll("&amp;", "&");

/**
 * One demo page of every page type, found the way a visitor finds them: detail pages are the newest of
 * their type the home list links (following its 更多 pages), the content module is the one the home
 * page links, the list and fly-card pages show the fullest channel the home page offers, and the desktop
 * wrapper frames the article. Throws when a type cannot be found, so a missing type is never skipped
 * silently.
 */
export async function demoPages(origin: string, salt: string, maxHomePages = 10): Promise<DemoPage[]> {
  const base = "/davmu/share";
  const found = new Map<string, string>();
  let contentModel = "";
  const groups = new Set<string>();
  let next: string | null = `${base}/`;
  for (let n = 0; next && n < maxHomePages; n++) {
    const html: string = await (await fetch(origin + next, { headers: { "user-agent": phoneUserAgent } })).text();
    for (const [, path, type] of html.matchAll(/href="(\/davmu\/share\/[a-z-]+\/([a-z_]+)\/[^"?]+\/index\.html)"/g)) {
      const name = detailTypes[type as string];
      if (name && !found.has(name)) found.set(name, path as string);
    }
    contentModel ||= decodeHref(/href="(\/davmu\/share\/content_model\/index\.html\?[^"]+)"/.exec(html)?.[1] ?? "");
    for (const [, group] of html.matchAll(/href="\/davmu\/share\/\?group=([^"&]+)"/g)) groups.add(group as string);
    if (found.size === Object.keys(detailTypes).length && contentModel && groups.size) break;
    const more: string | undefined = /href="(\/davmu\/share\/\?page=\d+)"/.exec(html)?.[1];
    next = more && more !== next ? decodeHref(more) : null;
  }
  const missing = [
    ...Object.values(detailTypes).filter((name) => !found.has(name)),
    ...(contentModel ? [] : ["content-model"]),
    ...(groups.size ? [] : ["channel"]),
  ];
  if (missing.length) throw new Error(`the home pages link no ${missing.join(", ")}`);
  // the list and fly-card pages show the channel with the fullest first page
  let group = "";
  let most = -1;
  for (const candidate of groups) {
    const html = await (
      await fetch(`${origin}${base}/list/${candidate}/index.html`, { headers: { "user-agent": phoneUserAgent } })
    ).text();
    const cards = html.split('class="card"').length - 1;
    if (cards > most) [group, most] = [candidate, cards];
  }
  const article = found.get("article") as string;
  const paths: Record<string, string> = {
    home: `${base}/`,
    ...Object.fromEntries(found),
    "content-model": contentModel,
    list: `${base}/list/${group}/index.html`,
    "fly-card": `${base}/fly_card/${group}/index.html`,
    search: `${base}/search/index.html`,
    pc: `${base}/pc?url=${encodeURIComponent(article)}`,
    ...(await otherDemoPaths(origin, salt)),
  };
  const detail = new Set(Object.values(detailTypes));
  return pageNames.map((name) => ({ name, path: paths[name] as string, detail: detail.has(name) }));
}
