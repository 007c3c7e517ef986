import type { TipStatus } from "@davmu/contracts/tips";
import { tipLimits } from "@davmu/contracts/tips";
import type { FastifyInstance } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { withKeyLocks } from "../../db/locks.ts";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import { newReceipt } from "./receipt.ts";
import type { StoredPicture, TipsTable, TipTables } from "./tables.ts";

export type TipRow = Omit<TipsTable, "id"> & { id: number };

export interface NewTip {
  userId: number;
  body: string;
  place: string;
  contact: string;
  pictures: StoredPicture[];
}

export type TipMove = "accept" | "reject" | "publish";

/** Where each move may start from; any other start answers 409. */
export const allowedFrom: Record<TipMove, readonly TipStatus[]> = {
  accept: ["received", "rejected"],
  reject: ["received", "accepted"],
  publish: ["accepted"],
};

const hourMs = 3_600_000;

export function tipPictures(row: Pick<TipRow, "pictures_json">): StoredPicture[] {
  try {
    const parsed = JSON.parse(row.pictures_json) as unknown;
    return Array.isArray(parsed) ? (parsed as StoredPicture[]) : [];
  } catch {
    return [];
  }
}

export function createTipRepository(database: Kysely<Database>) {
  const db = database.withTables<TipTables>();
  return {
    /** Tips the user sent in the last hour (a cheap check before pictures are processed). */
    async recentCount(userId: number, now = Date.now()): Promise<number> {
      const row = await db
        .selectFrom("tips")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .where("created_at", ">", now - hourMs)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Records a tip unless the user already sent the hour's allowance: counting and recording run in
     * one transaction under the user's lock (R-SEC-RATE), so parallel submissions never pass the limit.
     */
    create(tip: NewTip, now = Date.now()): Promise<TipRow | null> {
      return withKeyLocks(database, [`tips:user:${tip.userId}`], async (trx) => {
        const tx = trx.withTables<TipTables>();
        const { n } = await tx
          .selectFrom("tips")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", tip.userId)
          .where("created_at", ">", now - hourMs)
          .executeTakeFirstOrThrow();
        if (Number(n) >= tipLimits.perUserPerHour) return null;
        for (let attempt = 0; ; attempt++) {
          const receipt = newReceipt();
          const taken = await tx.selectFrom("tips").select("id").where("receipt", "=", receipt).executeTakeFirst();
          if (taken && attempt < 5) continue;
          const row = await tx
            .insertInto("tips")
            .values({
              receipt,
              user_id: tip.userId,
              body: tip.body,
              place: tip.place,
              contact: tip.contact,
              pictures_json: JSON.stringify(tip.pictures),
              status: "received",
              reason: "",
              clue_report_id: null,
              handled_by: null,
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return row as TipRow;
        }
      });
    },

    async findByReceipt(receipt: string): Promise<TipRow | undefined> {
      const row = await db.selectFrom("tips").selectAll().where("receipt", "=", receipt).executeTakeFirst();
      return row as TipRow | undefined;
    },

    /** The queue, oldest first, `limit` at a time after `cursor` (an id), with the senders' aliases. */
    async list(status: TipStatus | undefined, cursor: number | undefined, limit: number) {
      let query = db
        .selectFrom("tips")
        .innerJoin("users", "users.id", "tips.user_id")
        .selectAll("tips")
        .select("users.alias as user_alias")
        .orderBy("tips.id", "asc")
        .limit(limit + 1);
      if (status) query = query.where("tips.status", "=", status);
      if (cursor) query = query.where("tips.id", ">", cursor);
      const rows = (await query.execute()) as (TipRow & { user_alias: string })[];
      const more = rows.length > limit;
      const page = more ? rows.slice(0, limit) : rows;
      return { rows: page, next: more ? (page[page.length - 1]?.id ?? null) : null };
    },

    async sender(userId: number): Promise<{ alias: string; avatar: string }> {
      const row = await db.selectFrom("users").select(["alias", "avatar"]).where("id", "=", userId).executeTakeFirst();
      return { alias: row?.alias ?? "", avatar: row?.avatar ?? "" };
    },

    /**
     * Moves a tip in one conditional update (only from the states the move allows), so two editors
     * acting at once never both succeed. `publish` runs `publishAs` in the same transaction and
     * records the clue report it made; when it throws nothing changes. Null when the tip is not in
     * a state the move starts from.
     */
    move(
      id: number,
      move: TipMove,
      extra: {
        reason?: string;
        publishAs?: (tip: TipRow, trx: Transaction<Database>) => Promise<string>;
        /** Who moves it (recorded on the tip, R-CONSOLE-5). */
        editorId?: number | null;
        /** The audit record, written in the move's transaction (R-CONSOLE-3). */
        audit?: (trx: Transaction<Database>, after: TipRow) => Promise<void>;
      },
      now = Date.now(),
    ): Promise<TipRow | null> {
      const next: TipStatus = move === "accept" ? "accepted" : move === "reject" ? "rejected" : "published";
      return database.transaction().execute(async (trx) => {
        const tx = trx.withTables<TipTables>();
        const moved = (await tx
          .updateTable("tips")
          .set({
            status: next,
            reason: move === "reject" ? (extra.reason ?? "") : "",
            handled_by: extra.editorId ?? null,
            updated_at: now,
          })
          .where("id", "=", id)
          .where("status", "in", allowedFrom[move])
          .returningAll()
          .executeTakeFirst()) as TipRow | undefined;
        if (!moved) return null;
        let after = moved;
        if (move === "publish" && extra.publishAs) {
          const clueReportId = await extra.publishAs(moved, trx);
          await tx.updateTable("tips").set({ clue_report_id: clueReportId }).where("id", "=", id).execute();
          after = { ...moved, clue_report_id: clueReportId };
        }
        if (extra.audit) await extra.audit(trx, after);
        return after;
      });
    },
  };
}

export type TipRepository = ReturnType<typeof createTipRepository>;

declare module "fastify" {
  interface FastifyInstance {
    /** Readers' tips (modules/tips) and the editors' queue. */
    tips: TipRepository;
  }
}

export const tipsPlugin = repositoryPlugin(
  "tips",
  "tips",
  (app: FastifyInstance) => createTipRepository(app.database.db),
  // publishing a tip makes a clue report (publish.ts)
  ["db", "clue-reports"],
);
