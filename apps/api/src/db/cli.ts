import { cleanStoredBodies } from "../modules/content/repository.ts";
import { ConfigError, loadConfig } from "../plugins/config.ts";
import { openDatabase } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";

/**
 * `npm run db:migrate`: brings the schema up to date. `npm run db:clean-bodies`: cleans the stored
 * article bodies that do not match their seal (decisions 090, 091), so they are served as stored; safe
 * to run beside a serving API, and again. The demo data is loaded by `npm run db:seed` (tools/demo).
 */
const usage = "usage: node apps/api/src/db/cli.ts migrate|clean-bodies";
const command = process.argv[2];
if (command !== "migrate" && command !== "clean-bodies") {
  console.error(usage);
  process.exit(64);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(78);
}

const handle = openDatabase(config.database);
try {
  if (command === "migrate") {
    const applied = await migrateToLatest(handle.db);
    console.log(applied.length ? `migrations applied: ${applied.join(", ")}` : "schema is up to date");
  } else {
    console.log(`article bodies cleaned: ${await cleanStoredBodies(handle.db)}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.destroy();
}
