import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Refusal, ThreadStore } from "../../lib/comment-thread/posting.ts";
import type { CommentThread } from "../../lib/comment-thread/thread.ts";
import type { LiveMessageRow, LiveRoomRow, LiveTables } from "./tables.ts";

export type ChatRow = LiveMessageRow & { alias: string; avatar: string };

export type SendOutcome = { ok: true; message: ChatRow } | { ok: false; reason: Refusal | "missing" | "muted" };

export type RoomSettings = Omit<
  LiveRoomRow,
  | "content_id"
  | "share_count"
  | "like_count"
  | "chat_count"
  | "booking_count"
  | "last_seq"
  | "updated_at"
  | "pinned_message_id"
>;

/** Where chat messages are counted for the per-user limit and the duplicate rule. */
const chatStore: ThreadStore = { table: "live_messages", lock: "live-chat" };

/** Rolls a transaction back when the room is gone. */
class RoomMissing extends Error {}

/** Refuses a message of a user muted in the room. */
class Muted extends Error {}

export function createLiveRepository(database: Kysely<Database>) {
  const db = database.withTables<LiveTables>();
  const withAuthor = () =>
    db
      .selectFrom("live_messages")
      .innerJoin("users", "users.id", "live_messages.user_id")
      .selectAll("live_messages")
      .select(["users.alias", "users.avatar"]);

  return {
    findRoom: (contentId: number) =>
      db.selectFrom("live_rooms").selectAll().where("content_id", "=", contentId).executeTakeFirst(),

    /** The rows of these rooms (the hub compares them with what it delivered). */
    rows: (contentIds: number[]): Promise<LiveRoomRow[]> =>
      contentIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom("live_rooms").selectAll().where("content_id", "in", contentIds).execute(),

    /** Creates or replaces a room's settings; its counters and chat stay. */
    async saveRoom(contentId: number, settings: RoomSettings, now = Date.now()): Promise<LiveRoomRow> {
      return db
        .insertInto("live_rooms")
        .values({
          content_id: contentId,
          ...settings,
          share_count: 0,
          like_count: 0,
          chat_count: 0,
          booking_count: 0,
          last_seq: 0,
          updated_at: now,
          pinned_message_id: null,
        })
        .onConflict((oc) => oc.column("content_id").doUpdateSet({ ...settings, updated_at: now }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Stores a chat message under the thread's per-user limit and duplicate rule (R-SEC-RATE,
     * R-MOD-1), counted and recorded in one step per user (recordUnderLimits). A published message
     * takes the room's next sequence number in the same transaction: the conditional update of
     * `last_seq` holds the room's row until commit, so parallel senders on any instance get distinct,
     * consecutive numbers, and a message that fails rolls its number back (no hole). Held messages
     * take none.
     */
    async send(
      contentId: number,
      message: { userId: number; body: string; held: boolean; now: number },
      thread: CommentThread,
    ): Promise<SendOutcome> {
      try {
        const text = { author: message.userId, body: message.body, at: message.now };
        const result = await thread.record(database, chatStore, text, async (transaction) => {
          const tx = transaction.withTables<LiveTables>();
          // a user muted in the room (R-LIVE-1), read under the author's lock with the message
          const muted = await tx
            .selectFrom("live_mutes")
            .select("user_id")
            .where("content_id", "=", contentId)
            .where("user_id", "=", message.userId)
            .executeTakeFirst();
          if (muted) throw new Muted();
          let seq: number | null = null;
          if (!message.held) {
            const raised = await tx
              .updateTable("live_rooms")
              .set({ last_seq: sql<number>`last_seq + 1`, chat_count: sql<number>`chat_count + 1` })
              .where("content_id", "=", contentId)
              .returning("last_seq")
              .executeTakeFirst();
            if (!raised) throw new RoomMissing();
            seq = Number(raised.last_seq);
          }
          const row = await tx
            .insertInto("live_messages")
            .values({
              content_id: contentId,
              seq,
              user_id: message.userId,
              body: message.body,
              status: message.held ? "pending" : "published",
              created_at: message.now,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          return row.id;
        });
        if ("refused" in result) return { ok: false, reason: result.refused };
        const stored = await withAuthor().where("live_messages.id", "=", result.recorded).executeTakeFirstOrThrow();
        return { ok: true, message: stored };
      } catch (error) {
        if (error instanceof RoomMissing) return { ok: false, reason: "missing" };
        if (error instanceof Muted) return { ok: false, reason: "muted" };
        throw error;
      }
    },

    /** One message with its author (a moderator's approval sends it to the room). */
    message: (id: number): Promise<ChatRow | undefined> =>
      withAuthor().where("live_messages.id", "=", id).executeTakeFirst(),

    /** The room's pinned message while it is still published (R-LIVE-1). */
    pinned: (contentId: number): Promise<ChatRow | undefined> =>
      withAuthor()
        .innerJoin("live_rooms", "live_rooms.pinned_message_id", "live_messages.id")
        .where("live_rooms.content_id", "=", contentId)
        .where("live_messages.status", "=", "published")
        .executeTakeFirst(),

    /** The room's latest messages, held ones too, newest first: what its editors moderate. */
    recentForEditors: (contentId: number, limit: number): Promise<ChatRow[]> =>
      withAuthor()
        .where("live_messages.content_id", "=", contentId)
        .where("live_messages.status", "in", ["published", "pending"])
        .orderBy("live_messages.id", "desc")
        .limit(limit)
        .execute(),

    /** The users muted in the room, with their aliases. */
    muted: (contentId: number) =>
      db
        .selectFrom("live_mutes")
        .innerJoin("users", "users.id", "live_mutes.user_id")
        .select(["live_mutes.user_id", "live_mutes.created_at", "users.alias"])
        .where("live_mutes.content_id", "=", contentId)
        .orderBy("live_mutes.created_at", "desc")
        .execute(),

    /**
     * Pins a published message of the room, or unpins (null). Answers the id pinned before, "missing"
     * when the message is no published one of this room, null when the room is gone.
     */
    async pin(contentId: number, messageId: number | null): Promise<{ before: number | null } | "missing" | null> {
      const room = await db
        .selectFrom("live_rooms")
        .select("pinned_message_id")
        .where("content_id", "=", contentId)
        .executeTakeFirst();
      if (!room) return null;
      if (messageId !== null) {
        const message = await db
          .selectFrom("live_messages")
          .select("id")
          .where("id", "=", messageId)
          .where("content_id", "=", contentId)
          .where("status", "=", "published")
          .executeTakeFirst();
        if (!message) return "missing";
      }
      await db
        .updateTable("live_rooms")
        .set({ pinned_message_id: messageId })
        .where("content_id", "=", contentId)
        .execute();
      return { before: room.pinned_message_id === null ? null : Number(room.pinned_message_id) };
    },

    /** Mutes a user in a room; false when they were muted already (one row per room and user). */
    async mute(contentId: number, userId: number, editorId: number | null, now = Date.now()): Promise<boolean> {
      const inserted = await db
        .insertInto("live_mutes")
        .values({ content_id: contentId, user_id: userId, muted_by: editorId, created_at: now })
        .onConflict((oc) => oc.columns(["content_id", "user_id"]).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    /** Lets a muted user chat again; false when they were not muted. */
    async unmute(contentId: number, userId: number): Promise<boolean> {
      const deleted = await db
        .deleteFrom("live_mutes")
        .where("content_id", "=", contentId)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) === 1;
    },

    /** Published messages after `since`, ascending, at most `limit`. */
    after: (contentId: number, since: number, limit: number): Promise<ChatRow[]> =>
      withAuthor()
        .where("live_messages.content_id", "=", contentId)
        .where("live_messages.seq", ">", since)
        .where("live_messages.status", "=", "published")
        .orderBy("live_messages.seq", "asc")
        .limit(limit)
        .execute(),

    /** The latest `limit` published messages, ascending. */
    async latest(contentId: number, limit: number): Promise<ChatRow[]> {
      const rows = await withAuthor()
        .where("live_messages.content_id", "=", contentId)
        .where("live_messages.seq", "is not", null)
        .where("live_messages.status", "=", "published")
        .orderBy("live_messages.seq", "desc")
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    /**
     * Adds taps to a room's likes: the first request naming a msg_id counts and a repeat adds nothing
     * (its key is the primary key of live_like_requests). Answers the total and what was added.
     */
    like(contentId: number, actor: string, msgId: string, count: number, now = Date.now()) {
      return db.transaction().execute(async (tx) => {
        const inserted = await tx
          .insertInto("live_like_requests")
          .values({ content_id: contentId, actor, msg_id: msgId, created_at: now })
          .onConflict((oc) => oc.columns(["content_id", "actor", "msg_id"]).doNothing())
          .executeTakeFirst();
        const delta = Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1 ? count : 0;
        const row = await tx
          .updateTable("live_rooms")
          .set({ like_count: sql<number>`like_count + ${delta}` })
          .where("content_id", "=", contentId)
          .returning("like_count")
          .executeTakeFirstOrThrow();
        return { total: Number(row.like_count), delta };
      });
    },

    /** Forgets like requests older than `before` (a retry comes within seconds, not a day later). */
    async purgeLikeRequests(before: number): Promise<number> {
      const deleted = await db.deleteFrom("live_like_requests").where("created_at", "<", before).executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },

    /** Books a room once per user (the primary key refuses a second); false when already booked. */
    book(contentId: number, userId: number, now = Date.now()) {
      return db.transaction().execute(async (tx) => {
        const inserted = await tx
          .insertInto("live_bookings")
          .values({ content_id: contentId, user_id: userId, created_at: now })
          .onConflict((oc) => oc.columns(["content_id", "user_id"]).doNothing())
          .executeTakeFirst();
        const booked = Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
        const row = await tx
          .updateTable("live_rooms")
          .set({ booking_count: sql<number>`booking_count + ${booked ? 1 : 0}` })
          .where("content_id", "=", contentId)
          .returning("booking_count")
          .executeTakeFirstOrThrow();
        return { booked, count: Number(row.booking_count) };
      });
    },

    /** Cancels a booking; cancelling one not made changes nothing. */
    unbook(contentId: number, userId: number) {
      return db.transaction().execute(async (tx) => {
        const deleted = await tx
          .deleteFrom("live_bookings")
          .where("content_id", "=", contentId)
          .where("user_id", "=", userId)
          .executeTakeFirst();
        const removed = Number(deleted.numDeletedRows) === 1 ? 1 : 0;
        const row = await tx
          .updateTable("live_rooms")
          .set({ booking_count: sql<number>`booking_count - ${removed}` })
          .where("content_id", "=", contentId)
          .returning("booking_count")
          .executeTakeFirstOrThrow();
        return { count: Math.max(0, Number(row.booking_count)) };
      });
    },

    async booked(contentId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom("live_bookings")
        .select("user_id")
        .where("content_id", "=", contentId)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A user's bookings with their rooms, soonest start first. */
    bookingsOf: (userId: number) =>
      db
        .selectFrom("live_bookings")
        .innerJoin("live_rooms", "live_rooms.content_id", "live_bookings.content_id")
        .select(["live_bookings.content_id", "live_bookings.created_at", "live_rooms.status", "live_rooms.start_time"])
        .where("live_bookings.user_id", "=", userId)
        .orderBy("live_rooms.start_time", "asc")
        .limit(200)
        .execute(),

    /** Moves a room to a status; answers the row when it changed, null when it already was there or is missing. */
    async setStatus(contentId: number, status: number, now = Date.now()): Promise<LiveRoomRow | null> {
      const ending = status === 2 || status === 3;
      const row = await db
        .updateTable("live_rooms")
        .set({
          status,
          updated_at: now,
          ...(status === 1
            ? { start_time: sql<number>`case when start_time > ${now} then ${now} else start_time end` }
            : {}),
          ...(ending ? { end_time: sql<number>`coalesce(end_time, ${now})` } : {}),
        })
        .where("content_id", "=", contentId)
        .where("status", "<>", status)
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    /** Upcoming rooms among `contentIds` whose start time has come, moved to live by this call (once, cluster-wide). */
    startDue(contentIds: number[], now = Date.now()): Promise<LiveRoomRow[]> {
      if (contentIds.length === 0) return Promise.resolve([]);
      return db
        .updateTable("live_rooms")
        .set({ status: 1, updated_at: now })
        .where("content_id", "in", contentIds)
        .where("status", "=", 0)
        .where("start_time", "<=", now)
        .returningAll()
        .execute();
    },
  };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;
