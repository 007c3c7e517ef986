import type { Kysely } from "kysely";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../api-error.ts";
import { postingRefusal, type ThreadStore } from "./posting.ts";
import { chatWording, commentThread, commentWording, type ThreadSettings } from "./thread.ts";

const log = pino({ level: "silent" });

/** The test's own tables of texts, which the app's schema does not name. */
const anyTable = (db: Kysely<Database>) =>
  db as unknown as Kysely<Record<string, { user_id: number; body: string; created_at: number }>>;

const comments: ThreadSettings = {
  perUser: 3,
  windowMs: 60_000,
  perIp: { max: 20, group: "comment" },
  wording: commentWording,
  reportsToHold: 5,
  blocked: async () => false,
};
const chat: ThreadSettings = {
  perUser: 2,
  windowMs: 10_000,
  perIp: { max: 30, group: "live-chat" },
  wording: chatWording,
  reportsToHold: null,
  blocked: async () => false,
};

/** The error a call throws (the test fails when it throws none, or something else). */
function thrown(call: () => unknown): ApiError {
  try {
    call();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("nothing thrown");
}

async function rejected(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => new Error("nothing thrown"),
    (e: unknown) => e,
  );
  if (error instanceof ApiError) return error;
  throw error;
}

describe("comment thread: a use's texts and answers", () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = openDatabase({ dialect: "sqlite", path: ":memory:" });
    await migrateToLatest(handle.db);
  });
  afterEach(() => handle.destroy());

  it("R-MOD-1 R-SEC-XSS the text is normalised, and an empty one is refused with the use's wording (400)", () => {
    const thread = commentThread(handle.db, comments);
    expect(thread.text("  <b>好</b>\u0000 \t 文章  ")).toBe("<b>好</b> 文章");
    const empty = thrown(() => thread.text(" \u3000\u0007 "));
    expect([empty.status, empty.message]).toEqual([400, "评论内容不能为空"]);
    expect(thrown(() => commentThread(handle.db, chat).text("")).message).toBe("消息内容不能为空");
  });

  it("R-MOD-1 a banned word is refused with the use's wording (400), however it is spaced", async () => {
    const error = await rejected(commentThread(handle.db, comments).screen("来 赌·博", log));
    expect([error.status, error.message]).toEqual([400, "评论内容包含违规词语，请修改后再发"]);
    expect((await rejected(commentThread(handle.db, chat).screen("ＦＵＣＫ赌博", log))).message).toBe(
      "消息包含违规词语，请修改后再发",
    );
  });

  it("R-MOD-1 masked words are masked; a link holds the text for review with its reason", async () => {
    const thread = commentThread(handle.db, chat);
    expect(await thread.screen("真是脑残", log)).toEqual({ body: "真是＊＊", held: false, holdReason: "" });
    expect(await thread.screen("脑残 看 www.example.com", log)).toEqual({
      body: "＊＊ 看 www.example.com",
      held: true,
      holdReason: "link",
    });
  });

  it("R-MOD-1 the editors' rules in settings replace the defaults; rules that are not JSON leave the defaults", async () => {
    const thread = commentThread(handle.db, comments);
    const rules = JSON.stringify({ banned: ["广告位"], masked: ["笨蛋"] });
    await handle.db.insertInto("settings").values({ key: "moderation_rules", value: rules }).execute();
    expect((await rejected(thread.screen("出租广告位", log))).status).toBe(400);
    expect(await thread.screen("赌博 笨蛋", log)).toEqual({ body: "赌博 ＊＊", held: false, holdReason: "" });
    await handle.db.updateTable("settings").set({ value: "{not json" }).where("key", "=", "moderation_rules").execute();
    expect((await rejected(thread.screen("赌博", log))).status).toBe(400);
    expect((await thread.screen("出租广告位 笨蛋", log)).body).toBe("出租广告位 笨蛋");
  });

  it("R-SEC-RATE R-MOD-1 each use has its own window and limit, and answers a refusal in its words (429, 409)", () => {
    const forComments = commentThread(handle.db, comments);
    const forChat = commentThread(handle.db, chat);
    expect(forComments.window(100_000)).toEqual({ since: 40_000, max: 3 });
    expect(forChat.window(100_000)).toEqual({ since: 90_000, max: 2 });
    const rate = forComments.refusal("rate");
    expect([rate.status, rate.message]).toEqual([429, "评论过于频繁，请稍后再试"]);
    const duplicate = forChat.refusal("duplicate");
    expect([duplicate.status, duplicate.message]).toEqual([409, "请勿重复发送相同的消息"]);
    expect(forChat.refusal("rate").message).toBe("发言过于频繁，请稍后再试");
    expect(forComments.refusal("duplicate").message).toBe("请勿重复发表相同的评论");
  });

  it("R-SEC-RATE each use limits posts per address in its own group", () => {
    expect(commentThread(handle.db, comments).routeOptions).toEqual({
      config: { rateLimit: { max: 20, timeWindow: 60_000, groupId: "comment" } },
    });
    expect(commentThread(handle.db, chat).routeOptions.config.rateLimit.groupId).toBe("live-chat");
  });

  it("R-MOD-2 reports hold a published text at the use's count; a use without reports never holds one", () => {
    const thread = commentThread(handle.db, comments);
    expect(thread.heldByReports({ status: "published", report_count: 4 })).toBe(false);
    expect(thread.heldByReports({ status: "published", report_count: 5 })).toBe(true);
    expect(thread.heldByReports({ status: "pending", report_count: 9 })).toBe(false);
    expect(
      commentThread(handle.db, { ...comments, reportsToHold: 2 }).heldByReports({
        status: "published",
        report_count: 2,
      }),
    ).toBe(true);
    expect(commentThread(handle.db, chat).heldByReports({ status: "published", report_count: 1000 })).toBe(false);
  });
});

describe("comment thread: the per-user limit and the duplicate rule", () => {
  const window = { since: 0, max: 2 };
  it("R-SEC-RATE R-MOD-1 refuses past the window's count first, then the same text again, else nothing", () => {
    expect(postingRefusal([], "第一条", window)).toBeNull();
    expect(postingRefusal([{ body: "第一条" }], "第二条", window)).toBeNull();
    expect(postingRefusal([{ body: "第一条" }], "第一条", window)).toBe("duplicate");
    expect(postingRefusal([{ body: "第一条" }, { body: "第二条" }], "第三条", window)).toBe("rate");
    expect(postingRefusal([{ body: "第一条" }, { body: "第二条" }], "第一条", window)).toBe("rate");
  });

  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  const storeA: ThreadStore = { table: "texts_a", lock: "a" };
  const storeB: ThreadStore = { table: "texts_b", lock: "b" };
  beforeEach(async () => {
    handle = openDatabase({ dialect: "sqlite", path: ":memory:" });
    db = handle.db;
    for (const table of ["texts_a", "texts_b"]) {
      await db.schema
        .createTable(table)
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
    }
  });
  afterEach(() => handle.destroy());

  /** A store's rows as "author:text", sorted. */
  const texts = async (table: string) =>
    (await anyTable(db).selectFrom(table).select(["user_id", "body"]).execute())
      .map((r) => `${r.user_id}:${r.body}`)
      .sort();

  /** Posts `body` by `author` at `now` into a store, under a use's settings. */
  const post = (settings: ThreadSettings, store: ThreadStore, author: number, body: string, now: number) =>
    commentThread(db, settings).record(db, store, { author, body, at: now }, (tx) =>
      anyTable(tx)
        .insertInto(store.table)
        .values({ user_id: author, body, created_at: now })
        .execute()
        .then(() => body),
    );

  it("R-SEC-RATE R-MOD-1 records until the author's count in the window, refuses the same text, and counts nobody else", async () => {
    expect(await post(comments, storeA, 1, "一", 1_000)).toEqual({ recorded: "一" });
    expect(await post(comments, storeA, 1, "一", 2_000)).toEqual({ refused: "duplicate" });
    expect(await post(comments, storeA, 2, "一", 2_000)).toEqual({ recorded: "一" });
    expect(await post(comments, storeA, 1, "二", 3_000)).toEqual({ recorded: "二" });
    expect(await post(comments, storeA, 1, "三", 4_000)).toEqual({ recorded: "三" });
    expect(await post(comments, storeA, 1, "四", 5_000)).toEqual({ refused: "rate" });
    // once the first text is out of the window there is room again, and its text may come back
    expect(await post(comments, storeA, 1, "一", 61_000)).toEqual({ recorded: "一" });
    expect(await texts("texts_a")).toEqual(["1:一", "1:一", "1:三", "1:二", "2:一"]);
  });

  it("R-SEC-RATE R-MOD-1 each use counts its own texts with its own window and limit", async () => {
    expect(await post(comments, storeA, 1, "同一句", 1_000)).toEqual({ recorded: "同一句" });
    expect(await post(chat, storeB, 1, "同一句", 1_000)).toEqual({ recorded: "同一句" });
    expect(await post(chat, storeB, 1, "另一句", 2_000)).toEqual({ recorded: "另一句" });
    expect(await post(chat, storeB, 1, "第三句", 3_000)).toEqual({ refused: "rate" });
    // the chat's window is 10 s: its first message no longer counts; the comments' window is 60 s
    expect(await post(chat, storeB, 1, "第三句", 11_001)).toEqual({ recorded: "第三句" });
    expect(await post(comments, storeA, 1, "同一句", 11_001)).toEqual({ refused: "duplicate" });
  });

  it("R-SEC-RATE parallel posts of one author pass the limit exactly, and what the write throws records nothing", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(comments, storeA, 7, `并发${i}`, 1_000)),
    );
    expect(answers.filter((a) => "recorded" in a)).toHaveLength(3);
    expect(answers.filter((a) => "refused" in a && a.refused === "rate")).toHaveLength(7);
    const failing = commentThread(db, chat).record(db, storeB, { author: 8, body: "失败", at: 1 }, async (tx) => {
      await anyTable(tx).insertInto("texts_b").values({ user_id: 8, body: "失败", created_at: 1 }).execute();
      throw new Error("room gone");
    });
    await expect(failing).rejects.toThrow("room gone");
    expect(await texts("texts_b")).toEqual([]);
  });
});
