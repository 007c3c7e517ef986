import type { WeatherFields } from "@davmu/contracts/lbs";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import type { LocalInfoRow, LocalTables } from "./tables.ts";

/** Saves a channel's city and weather in one upsert; the weather stays when none is given. */
export async function saveLocalInfo(
  database: Kysely<Database>,
  id: string,
  update: { city: string; province?: string; weather?: WeatherFields },
  now = Date.now(),
): Promise<LocalInfoRow> {
  const db = database.withTables<LocalTables>();
  const weather = update.weather ? JSON.stringify(update.weather) : undefined;
  const values = { city: update.city, province: update.province ?? "", updated_at: now };
  return db
    .insertInto("local_info")
    .values({ group_id: id, ...values, weather_json: weather ?? null })
    .onConflict((oc) => oc.column("group_id").doUpdateSet({ ...values, ...(weather ? { weather_json: weather } : {}) }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function createLocalInfoRepository(database: Kysely<Database>) {
  const db = database.withTables<LocalTables>();
  return {
    /** A channel's local information, if the editors keep one. */
    find: (id: string) => db.selectFrom("local_info").selectAll().where("group_id", "=", id).executeTakeFirst(),
    save: (id: string, update: { city: string; province?: string; weather?: WeatherFields }) =>
      saveLocalInfo(database, id, update),
    /** Saves in the caller's transaction, with the row as it was (the audit trail records both). */
    async saveIn(
      trx: Kysely<Database>,
      id: string,
      update: { city: string; province?: string; weather?: WeatherFields },
    ) {
      const before = await trx
        .withTables<LocalTables>()
        .selectFrom("local_info")
        .selectAll()
        .where("group_id", "=", id)
        .executeTakeFirst();
      return { before, after: await saveLocalInfo(trx, id, update) };
    },
  };
}

export type LocalInfoRepository = ReturnType<typeof createLocalInfoRepository>;

declare module "fastify" {
  interface FastifyInstance {
    /** Local information (modules/lbs): a local channel's city and weather. */
    localInfo: LocalInfoRepository;
  }
}

export const localInfoPlugin = repositoryPlugin("local-info", "localInfo", (app: FastifyInstance) =>
  createLocalInfoRepository(app.database.db),
);
