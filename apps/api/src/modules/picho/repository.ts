import type { FastifyInstance } from "fastify";
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import { clueDb, type PichoCatalogsTable, type PichoContentsTable } from "../clue-reports/tables.ts";

export type PichoContentRow = Selectable<PichoContentsTable>;
export type PichoCatalogRow = Selectable<PichoCatalogsTable>;

/** The open columns (picho): catalogs of a resource and their published items. */
export function createPichoRepository(database: Kysely<Database>) {
  const db = clueDb(database);
  return {
    content: (rid: string, uuid: string) =>
      db
        .selectFrom("picho_contents")
        .selectAll()
        .where("rid", "=", rid)
        .where("uuid", "=", uuid)
        .where("published", "=", 1)
        .executeTakeFirst(),

    catalog: (rid: string, id: string) =>
      db.selectFrom("picho_catalogs").selectAll().where("rid", "=", rid).where("id", "=", id).executeTakeFirst(),

    catalogs: (rid: string) =>
      db.selectFrom("picho_catalogs").selectAll().where("rid", "=", rid).orderBy("position").limit(50).execute(),

    /** A page of a resource's published items (of one catalog when named), newest first. */
    async page(rid: string, catalogId: string | undefined, offset: number, limit: number) {
      let query = db.selectFrom("picho_contents").where("rid", "=", rid).where("published", "=", 1);
      if (catalogId) query = query.where("catalog_id", "=", catalogId);
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy("publish_at", "desc").orderBy("uuid").offset(offset).limit(limit).execute(),
        query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    saveCatalog: (row: PichoCatalogRow) =>
      db
        .insertInto("picho_catalogs")
        .values(row)
        .onConflict((oc) =>
          oc.columns(["rid", "id"]).doUpdateSet({
            name: row.name,
            description: row.description,
            cover: row.cover,
            position: row.position,
          }),
        )
        .execute(),

    saveContent: (row: Omit<PichoContentRow, "published">) => {
      const { uuid: _uuid, ...update } = row;
      return db
        .insertInto("picho_contents")
        .values(row)
        .onConflict((oc) => oc.column("uuid").doUpdateSet(update))
        .execute();
    },
  };
}

export type PichoRepository = ReturnType<typeof createPichoRepository>;

declare module "fastify" {
  interface FastifyInstance {
    /** Picho (modules/picho): its catalogues and contents, read beside the clue reports. */
    picho: PichoRepository;
  }
}

export const pichoPlugin = repositoryPlugin(
  "picho",
  "picho",
  (app: FastifyInstance) => createPichoRepository(app.database.db),
  ["db", "clue-reports"],
);
