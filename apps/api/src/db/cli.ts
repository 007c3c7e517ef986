import { demoPreviewLink } from "../modules/preview/demo.ts";
import { ConfigError, loadConfig } from "../plugins/config.ts";
import { openDatabase } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { seedDemoData } from "./seed.ts";

const usage = "usage: node apps/api/src/db/cli.ts migrate|seed";
const command = process.argv[2];
if (command !== "migrate" && command !== "seed") {
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
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `migrations applied: ${applied.join(", ")}` : "schema is up to date");
  if (command === "seed") {
    const counts = await seedDemoData(handle.db);
    console.log(
      `demo data loaded: ${counts.articles} articles, ${counts.otherItems} items of other types, ${counts.mediaAccounts} media accounts`,
    );
    const preview = await demoPreviewLink(handle.db, config);
    if (preview) console.log(`editors' preview of a draft (30 minutes): ${preview}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.destroy();
}
