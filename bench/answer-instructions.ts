/**
 * Instructions the server spends per kept content answer (`GET /inner/static/content/{id}`, answered
 * before Fastify from the API's kept answers), counted by valgrind's cachegrind: for comparing two
 * builds (this checkout and another, e.g. a worktree of an older commit, built, with its own
 * `node_modules`) where timings on a shared machine move by more than the builds differ.
 * For each checkout (`--tree`, default this one): its product is started as its bench starts it, to
 * seed a fresh SQLite file and find its bench's article; then the same product (same settings and
 * file) runs under cachegrind with `node --single-threaded`, takes 300 warm-up requests and then
 * `--short` or `--long` more (4 at once, kept-alive connections, as a browser's), twice. Instructions
 * per answer are the difference of the two counts over the difference of the answers, so start-up,
 * seeding and warm-up fall out. The kernel's work (the answer's writev) is not counted: `strace -c`
 * on the running product counts its system calls.
 * Usage: node bench/answer-instructions.ts [--tree=/path/to/checkout ...] [--short=1000] [--long=5000]
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { Agent, get } from "node:http";
import { dirname, join } from "node:path";
import { anonymousToken } from "./lib/args.ts";
import { checkoutProduct, comparisonArgs } from "./lib/checkouts.ts";

const { trees, number } = comparisonArgs(process.argv.slice(2));
const short = number("short", 1000);
const long = number("long", 5000);

/** One count: the product under cachegrind, `answers` kept answers after the warm-up; its instructions. */
async function count(
  tree: string,
  env: Record<string, string>,
  origin: string,
  path: string,
  userAgent: string,
  answers: number,
) {
  const child = spawn(
    "valgrind",
    [
      "--tool=cachegrind",
      "--cache-sim=no",
      "--cachegrind-out-file=/dev/null",
      join(tree, "node_modules/node/bin/node"),
      "--single-threaded",
      "apps/api/src/main.ts",
    ],
    { cwd: tree, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] },
  );
  let err = "";
  child.stderr.on("data", (chunk) => {
    err += chunk;
  });
  const exited = new Promise((done) => child.once("close", done));
  try {
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the product under cachegrind exited:\n${err.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error("the product under cachegrind did not answer in 5 minutes");
      const ready = await fetch(`${origin}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const token = await anonymousToken(origin, "bench");
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const headers = { authorization: token, "accept-encoding": "gzip, deflate, br", "user-agent": userAgent };
    const ask = () =>
      new Promise<void>((done, fail) => {
        get(origin + path, { agent, headers, timeout: 30_000 }, (res) => {
          res.resume();
          res.on("end", done);
          res.on("error", fail);
        }).on("error", fail);
      });
    for (let i = 0; i < 300; i++) await ask();
    // the kept answer's compressed forms are made in the pool after its second ask
    await new Promise((r) => setTimeout(r, 1000));
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < answers / 4; i++) await ask();
      }),
    );
    agent.destroy();
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
  const refs = err.match(/I\s+refs:\s+([\d,]+)/);
  if (!refs) throw new Error(`no instruction count:\n${err.slice(-2000)}`);
  return Number((refs[1] as string).replaceAll(",", ""));
}

const rows: string[] = [];
for (const tree of trees) {
  const { startProduct, demoPages, phoneUserAgent } = await checkoutProduct(tree);
  // started as its bench starts it, to seed the file and find the article; then stopped, the file kept
  const product = await startProduct();
  const article = (await demoPages(product.origin, product.env.HASHID_SALT as string)).find(
    (page) => page.name === "article",
  );
  process.kill(product.pid, "SIGKILL");
  await new Promise((r) => setTimeout(r, 500));
  if (!article) throw new Error(`${tree}: no demo article`);
  const path = `/inner/static/content/${article.path.split("/").at(-2)}`;
  let a: number;
  let b: number;
  try {
    a = await count(tree, product.env, product.origin, path, phoneUserAgent, short);
    b = await count(tree, product.env, product.origin, path, phoneUserAgent, long);
  } finally {
    // the seeded file's folder, which the product's own close would have removed
    const file = (product.env.DATABASE_URL as string).replace(/^sqlite:/, "");
    rmSync(dirname(file), { recursive: true, force: true });
  }
  rows.push(`${tree}: ${((b - a) / (long - short) / 1000).toFixed(1)} K instructions per kept content answer`);
  process.stderr.write(`${rows.at(-1)}\n`);
}
console.log(rows.join("\n"));
