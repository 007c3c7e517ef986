import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { openDatabase } from "@davmu/api/db/database";
import { migrateToLatest } from "@davmu/api/db/migrate";
import { importContents } from "@davmu/api/modules/content/ingest";
import { ConfigError, loadConfig } from "@davmu/api/plugins/config";
import { editorBatchLimit } from "@davmu/contracts/editor-content";

/**
 * `npm run import -- <file.json>`: imports editors' content items (a JSON array, or an object with
 * an `items` array) through the same code as POST /editor/v1/contents. The whole file is checked
 * first and written in one transaction: a bad item writes nothing. Progress goes to stderr.
 */
const usage = "usage: npm run import -- <file.json>";
const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error(usage);
  process.exit(64);
}

let items: unknown[];
try {
  const parsed = JSON.parse(readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), file), "utf8")) as unknown;
  const list = Array.isArray(parsed) ? parsed : (parsed as { items?: unknown } | null)?.items;
  if (!Array.isArray(list)) throw new Error("expected a JSON array of content items (or an object with `items`)");
  items = list;
} catch (error) {
  console.error(`cannot read ${file}: ${(error as Error).message}`);
  process.exit(65);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(78);
}

/** A one-line bar redrawn in place on a terminal, a line per tenth otherwise. */
function progressBar(label: string) {
  const tty = process.stderr.isTTY === true;
  let lastTenth = -1;
  return (done: number, total: number) => {
    const ratio = total ? done / total : 1;
    const width = 30;
    const filled = Math.round(ratio * width);
    const line = `${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total}`;
    if (tty) {
      process.stderr.write(`\r${line}${done === total ? "\n" : ""}`);
    } else if (Math.floor(ratio * 10) !== lastTenth || done === total) {
      lastTenth = Math.floor(ratio * 10);
      process.stderr.write(`${line}\n`);
    }
  };
}

const handle = openDatabase(config.database);
try {
  await migrateToLatest(handle.db);
  if (items.length > editorBatchLimit * 100) throw new Error(`at most ${editorBatchLimit * 100} items per file`);
  const outcome = await importContents(handle.db, items, { onProgress: progressBar("importing") });
  if (!outcome.ok) {
    console.error(`nothing imported: ${outcome.errors.length} problem(s)`);
    for (const e of outcome.errors) {
      console.error(`  item ${e.index}${e.external_id ? ` (${e.external_id})` : ""} ${e.field}: ${e.message}`);
    }
    process.exitCode = 65;
  } else {
    console.log(`imported ${items.length} items: ${outcome.result.created} created, ${outcome.result.updated} updated`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.destroy();
}
