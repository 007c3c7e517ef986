/**
 * What the API's compression costs the server per answer: the product started as the bench starts it
 * (production mode, a freshly seeded SQLite file), then, for a few answers of different sizes, the
 * same request `--count` times one after another on a kept-alive connection, with `Accept-Encoding`
 * `identity`, `gzip` and `br` in turn (`--rounds` times), and the server's CPU per answer (user and
 * system, all its threads, from /proc/<pid>/stat) and the time per answer. The answers: a content item
 * never asked before (a miss of the content answers' cache, compressed by the HTTP layer at its fast
 * level; each request's URL made new with a query parameter the route ignores) and content lists of 20
 * and 50 items (never cached). Linux only (/proc).
 * Usage: node bench/api-compression.ts [--count=1500] [--rounds=2]
 */
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { startProduct } from "@davmu/test-support/product";
import { anonymousToken, commandLine } from "./lib/args.ts";

const args = commandLine();
const count = Number(args.get("count") ?? 1500);
const rounds = Number(args.get("rounds") ?? 2);

const server = await startProduct();
/** The server's CPU seconds so far, all threads. */
const cpuSeconds = () => {
  const fields = (readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
try {
  const origin = server.origin;
  const token = await anonymousToken(origin, "bench-api-compression");
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string, encoding: string) =>
    new Promise<{ bytes: number; encoding: string }>((done, fail) => {
      const sent = request(
        origin + path,
        { agent, headers: { authorization: token, "accept-encoding": encoding }, timeout: 10_000 },
        (res) => {
          let bytes = 0;
          res.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on("end", () => done({ bytes, encoding: String(res.headers["content-encoding"] ?? "identity") }));
          res.on("error", fail);
        },
      );
      sent.on("timeout", () => sent.destroy(new Error(`${path} took over 10 s`)));
      sent.on("error", fail);
      sent.end();
    });
  const list = (await (
    await fetch(`${origin}/peony/v1/content?pageindex=1&pagesize=5`, { headers: { authorization: token } })
  ).json()) as {
    data: { list: Array<{ post_id: string }> };
  };
  const item = list.data.list[0]?.post_id;
  if (!item) throw new Error("the demo data has no content");
  let asked = 0;
  const answers: Array<[string, () => string]> = [
    ["content item, a miss", () => `/inner/static/content/${item}?bench=${asked++}`],
    ["content list, 20 items", () => "/peony/v1/content?pageindex=1&pagesize=20"],
    ["content list, 50 items", () => "/peony/v1/content?pageindex=1&pagesize=50"],
  ];
  console.log("| answer | Accept-Encoding | sent | server CPU per answer | time per answer |");
  console.log("| --- | --- | --- | ---: | ---: |");
  for (let round = 0; round < rounds; round++) {
    for (const [name, path] of answers) {
      for (const encoding of ["identity", "gzip", "br"]) {
        for (let i = 0; i < 200; i++) await get(path(), encoding);
        const before = cpuSeconds();
        const started = performance.now();
        let last = { bytes: 0, encoding: "" };
        for (let i = 0; i < count; i++) last = await get(path(), encoding);
        const cpu = ((cpuSeconds() - before) * 1e6) / count;
        const time = ((performance.now() - started) * 1000) / count;
        console.log(
          `| ${name} | ${encoding} | ${last.bytes} B ${last.encoding} | ${cpu.toFixed(0)} µs | ${time.toFixed(0)} µs |`,
        );
      }
    }
  }
} finally {
  await server.close();
}
