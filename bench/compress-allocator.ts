/**
 * What one compression of an API answer costs under each of glibc's allocator settings (decision 083):
 * for each setting a child process of its own (glibc reads them at start) compresses the same JSON
 * answer `--count` times, as `@fastify/compress` does for an answer below its sync threshold
 * (`brotliCompressSync` at quality 4, `gzipSync` at level 6; and at the fastest levels, brotli 1 and
 * gzip 1), with a few kilobytes of other allocations between (a server's requests), and prints CPU per
 * compression, the kernel's share and the bytes. The answers are a content list of `--items` items,
 * the shape and text of the API's.
 * Usage: node bench/compress-allocator.ts [--count=3000] [--items=5,20,80]
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { allocatorSettings } from "../apps/api/src/lib/allocator.ts";
import { commandLine } from "./lib/args.ts";

const args = commandLine();
const count = Number(args.get("count") ?? 3000);
const itemCounts = (args.get("items") ?? "5,20,80").split(",").map(Number);

const titles = [
  "城市更新中的老街与新生活",
  "口袋公园越来越多了",
  "地铁新线今日开通试运营",
  "秋粮收购全面展开",
  "老旧小区加装电梯提速",
];
/** A content list answer of `items` items: ids, titles, summaries, covers, links and counts as the API sends them. */
function answer(items: number): Buffer {
  const list = Array.from({ length: items }, (_, i) => ({
    post_id: `aB${(i * 7919).toString(36)}dE`,
    content_type: "article",
    title: `第${i + 1}篇：${titles[i % titles.length]}`,
    summary: `这是第${i + 1}篇稿件的导语，介绍${titles[(i + 2) % titles.length]}的要点，共${300 + i * 17}字。`,
    source_alias: "江澜日报",
    cover: `https://cdn.jianglan.example/media/covers/2026/11/${(i * 104729).toString(16)}.jpg`,
    share_link: `https://m.jianglan.example/davmu/share/article/doc/aB${(i * 7919).toString(36)}dE/index.html`,
    publish_at: 1_764_000_000_000 + i * 3_600_000,
    view_count: (i * 9973) % 100_000,
    like_count: (i * 31) % 500,
  }));
  return Buffer.from(JSON.stringify({ code: 0, msg: "ok", data: { list, total: items * 10, page: 1 } }));
}

const brotli = (quality: number) => (b: Buffer) =>
  brotliCompressSync(b, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: b.length,
    },
  });
const codecs: Record<string, (b: Buffer) => Buffer> = {
  "brotli 4": brotli(4),
  "brotli 1": brotli(1),
  "gzip 6": (b: Buffer) => gzipSync(b, { level: 6 }),
  "gzip 1": (b: Buffer) => gzipSync(b, { level: 1 }),
};

if (args.get("child") === "true") {
  const rows: string[] = [];
  for (const items of itemCounts) {
    const body = answer(items);
    for (const [name, compress] of Object.entries(codecs)) {
      const other: Buffer[] = [];
      const run = (n: number) => {
        let bytes = 0;
        for (let i = 0; i < n; i++) {
          bytes = compress(body).length;
          other.push(Buffer.alloc(3000));
          if (other.length > 50) other.shift();
        }
        return bytes;
      };
      run(200);
      const before = process.cpuUsage();
      const bytes = run(count);
      const used = process.cpuUsage(before);
      rows.push(
        JSON.stringify({
          items,
          size: body.length,
          name,
          cpu: (used.user + used.system) / count,
          kernel: used.system / count,
          bytes,
        }),
      );
    }
  }
  process.stdout.write(rows.join("\n"));
} else {
  const settings: Array<[string, Record<string, string>]> = [
    ["glibc's defaults", {}],
    ["two arenas, mmap from 128 KiB (decision 043)", { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" }],
    ["the server's (decision 083)", { ...allocatorSettings }],
  ];
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("MALLOC_")));
  console.log("| allocator | answer | codec | CPU per compression | of it the kernel's | bytes |");
  console.log("| --- | --- | --- | ---: | ---: | ---: |");
  for (const [label, env] of settings) {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2), "--child"], {
      env: { ...clean, ...env },
      encoding: "utf8",
      timeout: 300_000,
    });
    if (child.status !== 0) throw new Error(`${label}: ${child.stderr}`);
    for (const line of child.stdout.trim().split("\n")) {
      const r = JSON.parse(line) as {
        items: number;
        size: number;
        name: string;
        cpu: number;
        kernel: number;
        bytes: number;
      };
      console.log(
        `| ${label} | ${r.items} items, ${r.size} B | ${r.name} | ${r.cpu.toFixed(1)} µs | ${r.kernel.toFixed(1)} µs | ${r.bytes} B |`,
      );
    }
  }
}
