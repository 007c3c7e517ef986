import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { CommentStatusValue, CommentsTable, Database } from "../../db/schema.ts";
import type { Refusal, ThreadStore } from "../../lib/comment-thread/posting.ts";
import type { CommentThread } from "../../lib/comment-thread/thread.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import { toggleRow } from "../reactions/repository.ts";
import type { UserBansTable } from "./tables.ts";

export type CommentRow = Selectable<CommentsTable>;

/** Another moderator's update came first: the transaction is rolled back and the text read again. */
export class TextRace extends Error {}
export type CommentWithAuthor = CommentRow & { alias: string; avatar: string };

type Db = Kysely<Database> | Transaction<Database>;

/** A text of any of the three systems as the "all" moderation queue lists it. */
export interface QueueTextRow {
  kind: "comment" | "report_comment" | "chat";
  id: number;
  /** the post, the clue report or the live room */
  parent_id: number;
  user_id: number;
  alias: string;
  body: string;
  status: string;
  report_count: number;
  hold_reason: string;
  created_at: number;
}

/** What a moderator's action on a report comment or chat message came to. */
export type TextOutcome =
  | { moved: true; row: { body: string; status: string; parent_id: number; seq: number | null } }
  | { moved: false; status: string | null; handledBy: number | null };

/**
 * Whether a moderator banned the user (R-MOD-2). The comment thread reads it in the transaction that
 * records the user's text, under the author's lock, for comments, report comments and chat alike.
 */
export async function isUserBanned(tx: Db, userId: number): Promise<boolean> {
  const row = await tx.selectFrom("user_bans").select("user_id").where("user_id", "=", userId).executeTakeFirst();
  return row !== undefined;
}

/** One of an author's texts in the history: a comment, a report comment or a chat message. */
export interface AuthorTextRow {
  kind: "comment" | "report_comment" | "chat";
  id: number;
  body: string;
  status: string;
  created_at: number;
}

/** Where comments are counted for the per-user limit and the duplicate rule. */
const commentStore: ThreadStore = { table: "comments", lock: "comments" };

/** Keeps the counters of a post and a thread in step with a comment entering or leaving "published". */
async function countPublished(tx: Db, comment: Pick<CommentRow, "content_id" | "root_id">, delta: 1 | -1) {
  await tx
    .updateTable("contents")
    .set((eb) => ({ comment_count: eb("comment_count", "+", delta) }))
    .where("id", "=", comment.content_id)
    .execute();
  if (comment.root_id !== 0) {
    await tx
      .updateTable("comments")
      .set((eb) => ({ reply_count: eb("reply_count", "+", delta) }))
      .where("id", "=", comment.root_id)
      .execute();
  }
}

export interface ThreadPage {
  contentId: number;
  /** 0 for the post's top-level comments, else the comment whose replies are listed. */
  rootId: number;
  viewerId: number | null;
  size: number;
  /** Keyset: the last id of the previous page. */
  afterId: number | null;
  /** Offset for a numbered page asked without a cursor. */
  offset: number;
}

export interface CommentRepositoryHooks {
  /** Called once a post's published comments changed (a comment published, held, hidden…), with the post's id. */
  threadChanged?: (contentId: number) => void;
}

type NewComment = Omit<CommentRow, "id" | "star_count" | "reply_count" | "report_count" | "handled_by">;

async function insertCounted(tx: Transaction<Database>, values: NewComment): Promise<number> {
  const row = await tx
    .insertInto("comments")
    .values({ ...values, star_count: 0, reply_count: 0, report_count: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (values.status === "published") await countPublished(tx, values, 1);
  return row.id;
}

/** A comment as the "all" moderation queue lists it. */
export const queueRowOfComment = (r: CommentWithAuthor): QueueTextRow => ({
  kind: "comment",
  id: r.id,
  parent_id: r.content_id,
  user_id: r.user_id,
  alias: r.alias,
  body: r.body,
  status: r.status,
  report_count: r.report_count,
  hold_reason: r.hold_reason,
  created_at: r.created_at,
});

export function createCommentRepository(db: Kysely<Database>, hooks: CommentRepositoryHooks = {}) {
  const withAuthor = () =>
    db
      .selectFrom("comments")
      .innerJoin("users", "users.id", "comments.user_id")
      .selectAll("comments")
      .select(["users.alias", "users.avatar"]);

  /** The transaction of moderateText; throws TextRace when another moderator's update came first. */
  async function moveText(
    kind: "report_comment" | "chat",
    id: number,
    status: "published" | "rejected" | "deleted",
    editorId: number | null,
    audit: (trx: Transaction<Database>, before: { status: string; body: string }) => Promise<void>,
  ): Promise<TextOutcome> {
    return db.transaction().execute(async (trx) => {
      const tx = trx;
      const row =
        kind === "chat"
          ? await tx
              .selectFrom("live_messages")
              .select(["status", "body", "handled_by", "content_id as parent_id", "seq"])
              .where("id", "=", id)
              .executeTakeFirst()
          : await tx
              .selectFrom("clue_report_comments")
              .select(["status", "body", "handled_by", "report_id as parent_id"])
              .select(sql<null>`null`.as("seq"))
              .where("id", "=", id)
              .executeTakeFirst();
      if (!row || row.status === "deleted") {
        return { moved: false as const, status: row?.status ?? null, handledBy: row?.handled_by ?? null };
      }
      if (status !== "deleted" && row.status !== "pending") {
        return { moved: false as const, status: row.status, handledBy: row.handled_by };
      }
      let seq = row.seq === null ? null : Number(row.seq);
      if (kind === "chat" && status === "published") {
        const raised = await tx
          .updateTable("live_rooms")
          .set({ last_seq: sql<number>`last_seq + 1`, chat_count: sql<number>`chat_count + 1` })
          .where("content_id", "=", row.parent_id)
          .returning("last_seq")
          .executeTakeFirstOrThrow();
        seq = Number(raised.last_seq);
      }
      const changed =
        kind === "chat"
          ? await tx
              .updateTable("live_messages")
              .set({ status: status as "published", handled_by: editorId, seq })
              .where("id", "=", id)
              .where("status", "=", row.status as "published")
              .executeTakeFirst()
          : await tx
              .updateTable("clue_report_comments")
              .set({ status, handled_by: editorId })
              .where("id", "=", id)
              .where("status", "=", row.status)
              .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) {
        // rolled back with the transaction: the one who moved it first answers
        throw new TextRace();
      }
      await audit(trx, { status: row.status, body: row.body });
      return { moved: true as const, row: { body: row.body, status, parent_id: row.parent_id, seq } };
    });
  }

  return {
    findById: (id: number) => withAuthor().where("comments.id", "=", id).executeTakeFirst(),

    /**
     * A page of a thread: top-level comments newest first, replies oldest first. Published
     * comments for everyone, plus the viewer's own held ones. The page's ids come from the
     * (content_id, root_id, status, id) index alone; then only those rows are read with their authors.
     */
    async page(q: ThreadPage): Promise<{ rows: CommentWithAuthor[]; hasMore: boolean }> {
      const direction = q.rootId === 0 ? "desc" : "asc";
      let ids = db
        .selectFrom("comments")
        .select("comments.id")
        .where("comments.content_id", "=", q.contentId)
        .where("comments.root_id", "=", q.rootId)
        .where((eb) =>
          q.viewerId === null
            ? eb("comments.status", "=", "published")
            : eb.or([
                eb("comments.status", "=", "published"),
                eb.and([eb("comments.status", "=", "pending"), eb("comments.user_id", "=", q.viewerId)]),
              ]),
        )
        .orderBy("comments.id", direction)
        .limit(q.size + 1);
      if (q.afterId !== null) ids = ids.where("comments.id", direction === "desc" ? "<" : ">", q.afterId);
      else if (q.offset > 0) ids = ids.offset(q.offset);
      const rows = await withAuthor().where("comments.id", "in", ids).orderBy("comments.id", direction).execute();
      return { rows: rows.slice(0, q.size), hasMore: rows.length > q.size };
    },

    async starredBy(userId: number, commentIds: number[]): Promise<Set<number>> {
      if (commentIds.length === 0) return new Set();
      const rows = await db
        .selectFrom("stars")
        .select("target_id")
        .where("user_id", "=", userId)
        .where("target_type", "=", "comment")
        .where("target_id", "in", commentIds)
        .execute();
      return new Set(rows.map((r) => r.target_id));
    },

    /**
     * Records a comment under the thread's per-user limit and duplicate rule (R-SEC-RATE, R-MOD-1),
     * counted and recorded in one step per author (recordUnderLimits).
     */
    async insertUnderLimits(values: NewComment, thread: CommentThread): Promise<{ id: number } | { refused: Refusal }> {
      const text = { author: values.user_id, body: values.body, at: values.created_at };
      const result = await thread.record(db, commentStore, text, (tx) => insertCounted(tx, values));
      if ("refused" in result) return result;
      if (values.status === "published") hooks.threadChanged?.(values.content_id);
      return { id: result.recorded };
    },

    /** Inserts a comment and, when it is published, counts it on its post and thread. */
    async insert(values: NewComment) {
      const id = await db.transaction().execute((tx) => insertCounted(tx, values));
      if (values.status === "published") hooks.threadChanged?.(values.content_id);
      return id;
    },

    /** Moves a comment to a new status and keeps the counters right; false when it was already there. */
    async setStatus(id: number, status: CommentStatusValue, holdReason?: string): Promise<boolean> {
      let contentId: number | null = null;
      const moved = await db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom("comments")
          .select(["status", "content_id", "root_id"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!row || row.status === status) return false;
        const changed = await tx
          .updateTable("comments")
          .set({
            status,
            ...(holdReason === undefined ? {} : { hold_reason: holdReason }),
            ...(status === "pending" ? { handled_by: null } : {}),
          })
          .where("id", "=", id)
          .where("status", "=", row.status)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) return false;
        if (row.status === "published") await countPublished(tx, row, -1);
        if (status === "published") await countPublished(tx, row, 1);
        if (row.status === "published" || status === "published") contentId = row.content_id;
        return true;
      });
      if (contentId !== null) hooks.threadChanged?.(contentId);
      return moved;
    },

    /**
     * An editor's moderation (R-MOD-2, R-CONSOLE-5): one conditional UPDATE from the state read in the
     * same transaction, recording who handled it, with `audit` written in that transaction too. When
     * another editor moved the comment first (or it is already where this action would put it), nothing
     * changes and the answer names who handled it.
     */
    async moderate(
      id: number,
      status: "published" | "rejected" | "deleted",
      editorId: number | null,
      audit: (trx: Transaction<Database>, before: CommentRow, after: CommentRow) => Promise<void>,
    ): Promise<
      { moved: true; row: CommentRow } | { moved: false; status: CommentStatusValue | null; handledBy: number | null }
    > {
      let contentId: number | null = null;
      const outcome = await db.transaction().execute(async (tx) => {
        const row = (await tx.selectFrom("comments").selectAll().where("id", "=", id).executeTakeFirst()) as
          | CommentRow
          | undefined;
        if (!row) return { moved: false as const, status: null, handledBy: null };
        // approve and reject act on a comment awaiting an editor: held, or published and not handled
        // since (reported); one another editor already handled is theirs. A deletion may follow either.
        // (approving a reported comment keeps it published and takes it out of the queue)
        const awaiting = row.status === "pending" || (row.status === "published" && row.handled_by === null);
        if (status === "deleted" ? row.status === "deleted" : !awaiting) {
          return { moved: false as const, status: row.status, handledBy: row.handled_by };
        }
        let update = tx
          .updateTable("comments")
          .set({ status, handled_by: editorId })
          .where("id", "=", id)
          .where("status", "=", row.status);
        update =
          row.handled_by === null
            ? update.where("handled_by", "is", null)
            : update.where("handled_by", "=", row.handled_by);
        const after = (await update.returningAll().executeTakeFirst()) as CommentRow | undefined;
        if (!after) {
          const now = await tx
            .selectFrom("comments")
            .select(["status", "handled_by"])
            .where("id", "=", id)
            .executeTakeFirst();
          return { moved: false as const, status: now?.status ?? null, handledBy: now?.handled_by ?? null };
        }
        if (row.status !== status) {
          if (row.status === "published") await countPublished(tx, row, -1);
          if (status === "published") await countPublished(tx, row, 1);
          if (row.status === "published" || status === "published") contentId = row.content_id;
        }
        await audit(tx, row, after);
        return { moved: true as const, row: after };
      });
      if (contentId !== null) hooks.threadChanged?.(contentId);
      return outcome;
    },

    /** One report per user and comment; enough reports (the thread's setting) hold the comment for review. */
    async report(
      commentId: number,
      userId: number,
      reason: string,
      detail: string,
      thread: CommentThread,
      now = Date.now(),
    ) {
      const inserted = await db
        .insertInto("comment_reports")
        .values({ comment_id: commentId, user_id: userId, reason, detail, created_at: now })
        .onConflict((oc) => oc.columns(["comment_id", "user_id"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return;
      const row = await db
        .updateTable("comments")
        .set((eb) => ({ report_count: eb("report_count", "+", 1) }))
        .where("id", "=", commentId)
        .returning(["report_count", "status"])
        .executeTakeFirst();
      if (row && thread.heldByReports(row)) {
        await this.setStatus(commentId, "pending", "reports");
      }
    },

    /** Editors' queue: held comments, or published ones with reports, oldest first. */
    moderationQueue: (kind: "pending" | "reported", limit: number) => {
      const query = withAuthor().orderBy("comments.id", "asc").limit(limit);
      return kind === "pending"
        ? query.where("comments.status", "=", "pending").execute()
        : query
            .where("comments.status", "=", "published")
            .where("comments.report_count", ">", 0)
            // a reported comment an editor kept has left the queue (until reports hold it again)
            .where("comments.handled_by", "is", null)
            .execute();
    },

    /** Whether a moderator banned the user (the comment thread's gate for all three uses). */
    isBanned: isUserBanned,

    /** A user's alias, or undefined when there is no such user. */
    user: (userId: number) =>
      db.selectFrom("users").select(["id", "alias"]).where("id", "=", userId).executeTakeFirst(),

    /** A user's ban, if any (R-MOD-2). */
    banOf: (userId: number) =>
      db.selectFrom("user_bans").selectAll().where("user_id", "=", userId).executeTakeFirst() as Promise<
        UserBansTable | undefined
      >,

    /**
     * Bans a user, with its audit record in the same transaction. The user's row in `user_bans` is
     * the ban: of two moderators banning at once one inserts it, the other learns who did.
     */
    async ban(
      userId: number,
      values: { editorId: number | null; reason: string; now: number },
      audit: (trx: Transaction<Database>) => Promise<void>,
    ): Promise<{ banned: true } | { banned: false; by: number | null }> {
      return db.transaction().execute(async (trx) => {
        const tx = trx;
        const inserted = await tx
          .insertInto("user_bans")
          .values({ user_id: userId, banned_by: values.editorId, reason: values.reason, created_at: values.now })
          .onConflict((oc) => oc.column("user_id").doNothing())
          .returning("user_id")
          .executeTakeFirst();
        if (!inserted) {
          const row = await tx
            .selectFrom("user_bans")
            .select("banned_by")
            .where("user_id", "=", userId)
            .executeTakeFirst();
          return { banned: false as const, by: row?.banned_by ?? null };
        }
        await audit(trx);
        return { banned: true as const };
      });
    },

    /** Lifts a user's ban, with its audit record; false when there was none (already lifted). */
    async unban(
      userId: number,
      audit: (trx: Transaction<Database>, before: UserBansTable) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const removed = (await trx

          .deleteFrom("user_bans")
          .where("user_id", "=", userId)
          .returningAll()
          .executeTakeFirst()) as UserBansTable | undefined;
        if (!removed) return false;
        await audit(trx, removed);
        return true;
      });
    },

    /** The user's latest texts across comments, report comments and live chat, newest first. */
    async authorHistory(userId: number, size: number): Promise<AuthorTextRow[]> {
      const latest = (table: "comments" | "clue_report_comments" | "live_messages") =>
        db
          .selectFrom(table)
          .select(["id", "body", "status", "created_at"])
          .where("user_id", "=", userId)
          .orderBy("id", "desc")
          .limit(size)
          .execute();
      const [posts, reports, chat] = await Promise.all([
        latest("comments"),
        latest("clue_report_comments"),
        latest("live_messages"),
      ]);
      const rows: AuthorTextRow[] = [
        ...posts.map((r) => ({ ...r, kind: "comment" as const })),
        ...reports.map((r) => ({ ...r, kind: "report_comment" as const })),
        ...chat.map((r) => ({ ...r, kind: "chat" as const })),
      ];
      return rows.sort((a, b) => Number(b.created_at) - Number(a.created_at)).slice(0, size);
    },

    /**
     * The "all" queue (R-MOD-2): the latest texts of comments, report comments and live chat that
     * are held or shown (not rejected nor deleted), newest first, with their authors.
     */
    async allTexts(limit: number): Promise<QueueTextRow[]> {
      const tx = db;
      const shown = ["published", "pending"] as const;
      const [posts, reports, chat] = await Promise.all([
        withAuthor().where("comments.status", "in", shown).orderBy("comments.id", "desc").limit(limit).execute(),
        tx
          .selectFrom("clue_report_comments as c")
          .innerJoin("users", "users.id", "c.user_id")
          .select(["c.id", "c.report_id", "c.user_id", "c.body", "c.status", "c.hold_reason", "c.created_at"])
          .select("users.alias")
          .where("c.status", "in", shown)
          .orderBy("c.id", "desc")
          .limit(limit)
          .execute(),
        tx
          .selectFrom("live_messages as m")
          .innerJoin("users", "users.id", "m.user_id")
          .select(["m.id", "m.content_id", "m.user_id", "m.body", "m.status", "m.created_at"])
          .select("users.alias")
          .where("m.status", "in", shown)
          .orderBy("m.id", "desc")
          .limit(limit)
          .execute(),
      ]);
      const rows: QueueTextRow[] = [
        ...posts.map(queueRowOfComment),
        ...reports.map((r) => ({ ...r, kind: "report_comment" as const, parent_id: r.report_id, report_count: 0 })),
        ...chat.map((r) => ({
          ...r,
          kind: "chat" as const,
          parent_id: r.content_id,
          report_count: 0,
          hold_reason: r.status === "pending" ? "link" : "",
        })),
      ];
      return rows.sort((a, b) => Number(b.created_at) - Number(a.created_at)).slice(0, limit);
    },

    /**
     * Approves, rejects or deletes a report comment or a chat message (R-MOD-2), with its audit record
     * in the same transaction. Approve and reject act on a held text, delete on any not deleted; the
     * update names the status it read, so of two moderators at once one moves it and the other learns
     * who did. An approved chat message takes its room's next sequence number, as a sent one does.
     */
    async moderateText(
      kind: "report_comment" | "chat",
      id: number,
      status: "published" | "rejected" | "deleted",
      editorId: number | null,
      audit: (trx: Transaction<Database>, before: { status: string; body: string }) => Promise<void>,
    ): Promise<TextOutcome> {
      try {
        return await moveText(kind, id, status, editorId, audit);
      } catch (error) {
        if (!(error instanceof TextRace)) throw error;
        const tx = db;
        const now = await (kind === "chat"
          ? tx.selectFrom("live_messages").select(["status", "handled_by"]).where("id", "=", id)
          : tx.selectFrom("clue_report_comments").select(["status", "handled_by"]).where("id", "=", id)
        ).executeTakeFirst();
        return { moved: false, status: now?.status ?? null, handledBy: now?.handled_by ?? null };
      }
    },

    /** Stars or unstars a comment; answers the new state and count. */
    /** Stars or unstars a comment; answers the new state and count. */
    async star(userId: number, commentId: number, on: boolean, now = Date.now()) {
      return db.transaction().execute(async (tx) => {
        const changed = await toggleRow(
          on,
          () =>
            tx
              .insertInto("stars")
              .values({ user_id: userId, target_type: "comment", target_id: commentId, created_at: now })
              .onConflict((oc) => oc.columns(["user_id", "target_type", "target_id"]).doNothing())
              .executeTakeFirst(),
          () =>
            tx
              .deleteFrom("stars")
              .where("user_id", "=", userId)
              .where("target_type", "=", "comment")
              .where("target_id", "=", commentId)
              .executeTakeFirst(),
        );
        if (changed) {
          await tx
            .updateTable("comments")
            .set((eb) => ({ star_count: eb("star_count", "+", on ? 1 : -1) }))
            .where("id", "=", commentId)
            .execute();
        }
        const row = await tx
          .selectFrom("comments")
          .select("star_count")
          .where("id", "=", commentId)
          .executeTakeFirstOrThrow();
        return { star: on, star_count: Math.max(0, row.star_count) };
      });
    },
  };
}
export type CommentRepository = ReturnType<typeof createCommentRepository>;

declare module "fastify" {
  interface FastifyInstance {
    comments: CommentRepository;
  }
}

/**
 * One comment repository per app. Pages show a post's first comments, so a change to them reaches
 * the caches like a change to the post.
 */
export const commentsPlugin = repositoryPlugin(
  "comments",
  "comments",
  (app) => createCommentRepository(app.database.db, { threadChanged: (id) => app.contentChanges.publish(id) }),
  ["db", "contents"],
);
