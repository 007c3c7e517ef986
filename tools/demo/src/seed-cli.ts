import { openDatabase } from "@davmu/api/db/database";
import { migrateToLatest } from "@davmu/api/db/migrate";
import { ConfigError, loadConfig } from "@davmu/api/plugins/config";
import { demoPreviewLink } from "./areas/preview.ts";
import { seedDemoData } from "./seed.ts";

/** `npm run db:seed`: brings the schema up to date, then loads the demo organisation (idempotent). */
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
  const counts = await seedDemoData(handle.db);
  console.log(
    `demo data loaded: ${counts.articles} articles, ${counts.otherItems} items of other types, ${counts.mediaAccounts} media accounts`,
  );
  const preview = await demoPreviewLink(handle.db, config);
  if (preview) console.log(`editors' preview of a draft (30 minutes): ${preview}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.destroy();
}
