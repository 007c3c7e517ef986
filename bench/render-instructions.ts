/**
 * Instructions per bare render, counted by valgrind's cachegrind: a measure of the render's own work
 * that the machine's load does not move, for comparing two builds (this checkout and another, e.g. a
 * worktree of an older commit, built, with its own `node_modules`).
 * For each checkout (`--tree`, default this one): its product is started as its bench starts it
 * (production mode, a freshly seeded SQLite file), its bench's article is found as its bench finds it,
 * and its own `bench/bare-render.ts` (the render loop the bench's SSR baseline runs, replaying the
 * API's answers from memory) runs under cachegrind with `node --single-threaded` twice, for a short and
 * a long time. Instructions per render are the difference of the two counts over the difference of
 * their renders, so start-up, warm-up and recording the answers fall out.
 * Usage: node bench/render-instructions.ts [--tree=/path/to/checkout ...] [--short=20] [--long=60]
 * (seconds of rendering under cachegrind, which runs about fifty times slower). Needs valgrind.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { checkoutProduct, comparisonArgs } from "./lib/checkouts.ts";

const { trees, number } = comparisonArgs(process.argv.slice(2));
const short = number("short", 20);
const long = number("long", 60);

/** One count: the tree's bare render under cachegrind for `seconds`; its renders and instructions. */
function count(tree: string, pageUrl: string, seconds: number, env: Record<string, string>) {
  return new Promise<{ renders: number; instructions: number }>((done, fail) => {
    const node = join(tree, "node_modules/node/bin/node");
    const child = spawn(
      "valgrind",
      [
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        node,
        "--single-threaded",
        join(tree, "bench/bare-render.ts"),
        pageUrl,
        String(seconds),
      ],
      { cwd: tree, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => {
      out += c;
    });
    child.stderr.on("data", (c) => {
      err += c;
    });
    child.once("error", fail);
    child.once("close", (code) => {
      const refs = err.match(/I\s+refs:\s+([\d,]+)/);
      if (code !== 0 || !refs) return fail(new Error(`cachegrind run exited ${code}:\n${err.slice(-2000)}`));
      const { renders } = JSON.parse(out.trim().split("\n").pop() as string) as { renders: number };
      done({ renders, instructions: Number((refs[1] as string).replaceAll(",", "")) });
    });
  });
}

const rows: string[] = [];
for (const tree of trees) {
  const { startProduct, demoPages, phoneUserAgent } = await checkoutProduct(tree);
  const product = await startProduct();
  try {
    const article = (await demoPages(product.origin, product.env.HASHID_SALT as string)).find(
      (page) => page.name === "article",
    );
    if (!article) throw new Error(`${tree}: no demo article`);
    const env = {
      ...product.env,
      NODE_ENV: "production",
      API_BASE: product.origin,
      BENCH_USER_AGENT: phoneUserAgent,
    };
    const a = await count(tree, product.origin + article.path, short, env);
    const b = await count(tree, product.origin + article.path, long, env);
    const perRender = (b.instructions - a.instructions) / (b.renders - a.renders);
    const html = await (
      await fetch(product.origin + article.path, { headers: { "user-agent": phoneUserAgent, cookie: "bench=1" } })
    ).text();
    rows.push(
      `${tree}: ${(perRender / 1e6).toFixed(2)} M instructions per render (${a.renders} and ${b.renders} renders; the article ${article.path}, ${Buffer.byteLength(html)} B of HTML)`,
    );
    process.stderr.write(`${rows.at(-1)}\n`);
  } finally {
    await product.close();
  }
}
console.log(rows.join("\n"));
