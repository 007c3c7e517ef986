/**
 * The anonymous token flood (issue "Past one machine", R-SEC-RATE): one client asks for anonymous
 * tokens as fast as it can for DURATION seconds (default 60) over 20 connections, on loopback,
 * against one instance on a fresh SQLite file with the default limits. Prints the answers by status
 * and how much the database grew (rows and bytes), then, with `--unlimited`, the same without the
 * limit for comparison.
 * Usage: node scripts/token-flood.ts [seconds] [--unlimited]
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { root, startInstance } from "@davmu/test-support/launch";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";

const seconds = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 60);
const compare = process.argv.includes("--unlimited");

function sizeOf(file: string): number {
  let bytes = 0;
  for (const suffix of ["", "-wal", "-shm"]) {
    try {
      bytes += statSync(file + suffix).size;
    } catch {
      // not there
    }
  }
  return bytes;
}

async function flood(label: string, env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "davmu-flood-"));
  const file = join(dir, "flood.db");
  const instance = await startInstance({
    NODE_ENV: "test",
    SERVE_WEB: "false",
    DATABASE_URL: `sqlite:${file}`,
    ...env,
  });
  try {
    const rows = () => {
      const db = new SQLite(file, { readonly: true });
      try {
        return (db.prepare("select count(*) as n from sessions").get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    const before = { rows: rows(), bytes: sizeOf(file) };
    // autocannon's own options: one POST, sent again and again on each connection
    const options = {
      url: `${instance.origin}/peony/v1/auth`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ appid: 1, platform: "mobile" }),
      connections: 20,
      duration: seconds,
    };
    const result = await autocannon(options as Parameters<typeof autocannon>[0]);
    const after = { rows: rows(), bytes: sizeOf(file) };
    const figures = {
      label,
      seconds,
      requests: result.requests.total,
      answered2xx: result["2xx"],
      // the limit's 429s
      answeredNon2xx: result.non2xx,
      errors: result.errors,
      sessionRowsAdded: after.rows - before.rows,
      databaseBytesAdded: after.bytes - before.bytes,
    };
    console.log(JSON.stringify(figures));
    return figures;
  } finally {
    await instance.child.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const runs = [await flood("default limits", {})];
if (compare) runs.push(await flood("without the limit", { ANONYMOUS_TOKENS_PER_IP_PER_MINUTE: "100000" }));

// the figures into docs/reliability.md, between its flood markers
const file = join(root, "docs/reliability.md");
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const lines = [
  "<!-- flood:start -->",
  `Run of ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine}:`,
  "",
  `| Run | Requests in ${seconds} s | Answered 2xx | Refused | Session rows added | Database bytes added |`,
  "| --- | ---: | ---: | ---: | ---: | ---: |",
  ...runs.map(
    (r) =>
      `| ${r.label} | ${r.requests.toLocaleString("en")} | ${r.answered2xx.toLocaleString("en")} | ${r.answeredNon2xx.toLocaleString("en")} | ${r.sessionRowsAdded.toLocaleString("en")} | ${r.databaseBytesAdded.toLocaleString("en")} |`,
  ),
  "<!-- flood:end -->",
];
const text = readFileSync(file, "utf8");
const start = text.indexOf("<!-- flood:start -->");
const end = text.indexOf("<!-- flood:end -->");
if (start >= 0 && end >= 0) {
  writeFileSync(file, text.slice(0, start) + lines.join("\n") + text.slice(end + "<!-- flood:end -->".length));
}
