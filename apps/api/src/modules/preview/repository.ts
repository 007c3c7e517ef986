import type { PreviewDraft } from "@davmu/contracts/preview";
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import type { PreviewTables } from "./tables.ts";

/** A minted link that still works, with its item's title. */
export interface ActivePreviewLink {
  content_id: number;
  title: string;
  revision: number;
  editor: string;
  minted_by: number | null;
  expires_at: number;
  created_at: number;
}

export interface PreviewState {
  revision: number;
  draft: PreviewDraft | null;
}

export interface PreviewRepository {
  /** The item's preview revision (0 before any) and its draft. */
  state(contentId: number): Promise<PreviewState>;
  /**
   * Bumps the revision in one statement (an upsert adding one), optionally saving a new draft, and
   * answers the new revision: concurrent bumps each get their own.
   */
  bump(contentId: number, editor: string, draft?: PreviewDraft, now?: number): Promise<number>;
  /** Records a minted link (the link itself is its signature; the row lets the console list it). */
  recordLink(link: Omit<ActivePreviewLink, "title">): Promise<void>;
  /** The links not expired at `now` of their item's current revision, soonest to expire first. */
  activeLinks(now: number, limit: number): Promise<ActivePreviewLink[]>;
}

declare module "fastify" {
  interface FastifyInstance {
    previews: PreviewRepository;
  }
}

export function createPreviewRepository(database: Kysely<Database>): PreviewRepository {
  const db = database.withTables<PreviewTables>();
  return {
    async state(contentId) {
      const row = await db
        .selectFrom("content_previews")
        .select(["revision", "draft_json"])
        .where("content_id", "=", contentId)
        .executeTakeFirst();
      if (!row) return { revision: 0, draft: null };
      return {
        revision: Number(row.revision),
        draft: row.draft_json ? (JSON.parse(row.draft_json) as PreviewDraft) : null,
      };
    },
    async bump(contentId, editor, draft, now = Date.now()) {
      const draftJson = draft ? JSON.stringify(draft) : undefined;
      const row = await db
        .insertInto("content_previews")
        .values({
          content_id: contentId,
          revision: 1,
          draft_json: draftJson ?? null,
          updated_by: editor,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column("content_id").doUpdateSet({
            revision: sql<number>`content_previews.revision + 1`,
            updated_by: editor,
            updated_at: now,
            ...(draftJson === undefined ? {} : { draft_json: draftJson }),
          }),
        )
        .returning("revision")
        .executeTakeFirstOrThrow();
      return Number(row.revision);
    },
    async recordLink(link) {
      await db.insertInto("preview_links").values(link).execute();
      // the rows of links expired a day ago are of no more use
      await db
        .deleteFrom("preview_links")
        .where("expires_at", "<", link.created_at - 86_400_000)
        .execute();
    },
    async activeLinks(now, limit) {
      const rows = await db
        .selectFrom("preview_links as l")
        .innerJoin("contents", "contents.id", "l.content_id")
        .leftJoin("content_previews as p", "p.content_id", "l.content_id")
        .select([
          "l.content_id",
          "contents.title",
          "l.revision",
          "l.editor",
          "l.minted_by",
          "l.expires_at",
          "l.created_at",
        ])
        .where("l.expires_at", ">", now)
        .where((eb) => eb("l.revision", "=", eb.fn.coalesce("p.revision", sql<number>`0`)))
        .orderBy("l.expires_at", "asc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        ...row,
        revision: Number(row.revision),
        expires_at: Number(row.expires_at),
        created_at: Number(row.created_at),
      }));
    },
  };
}

export const previewsPlugin = repositoryPlugin("previews", "previews", (app: FastifyInstance) =>
  createPreviewRepository(app.database.db),
);
