import type { PreviewDraft } from "@davmu/contracts/preview";
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import type { PreviewTables } from "./tables.ts";

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
  };
}

export const previewsPlugin = repositoryPlugin("previews", "previews", (app: FastifyInstance) =>
  createPreviewRepository(app.database.db),
);
