import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { type ApiError, badRequest, conflict, forbidden, tooManyRequests } from "../api-error.ts";
import { moderate, normaliseComment } from "./moderation.ts";
import { type NewText, type PostingWindow, type Refusal, recordUnderLimits, type ThreadStore } from "./posting.ts";
import { loadModerationRules } from "./rules-store.ts";

/** What a use answers a refused text with (its envelope's msg). */
export interface ThreadWording {
  /** nothing left once normalised (400) */
  empty: string;
  /** a banned word (400) */
  banned: string;
  /** over the per-user limit (429) */
  rate: string;
  /** the same text again within the window (409) */
  duplicate: string;
  /** the author banned by a moderator (403, R-MOD-2) */
  blocked: string;
}

/** The wording of comments on posts and on clue reports. */
export const commentWording: ThreadWording = {
  empty: "评论内容不能为空",
  banned: "评论内容包含违规词语，请修改后再发",
  rate: "评论过于频繁，请稍后再试",
  duplicate: "请勿重复发表相同的评论",
  blocked: "你已被管理员禁止发表评论",
};

/** The wording of live chat. */
export const chatWording: ThreadWording = {
  empty: "消息内容不能为空",
  banned: "消息包含违规词语，请修改后再发",
  rate: "发言过于频繁，请稍后再试",
  duplicate: "请勿重复发送相同的消息",
  blocked: "你已被管理员禁止发言",
};

/** One use of the thread's rules: its limits, window, wording and reports. */
export interface ThreadSettings {
  /** At most this many texts per author within the window (R-SEC-RATE). */
  perUser: number;
  /** The window of the per-user count and of the duplicate rule, in ms (R-MOD-1: 60 s). */
  windowMs: number;
  /**
   * Posts from one address per minute on each posting route, and the rate-limit group (`groupId`)
   * that names their counters.
   */
  perIp: { max: number; group: string };
  wording: ThreadWording;
  /** Reports that hold a published text for review (R-MOD-2); null where the use takes no reports. */
  reportsToHold: number | null;
  /**
   * Whether the author is banned (R-MOD-2), read in the transaction that records the text under the
   * author's lock: a banned author's text is refused (403).
   */
  blocked: (tx: Transaction<Database>, author: number) => Promise<boolean>;
}

/** A text past moderation, as it is to be stored: masked, and held for review when it has a link. */
export interface Screened {
  body: string;
  held: boolean;
  /** "link" for a held text, else "" */
  holdReason: string;
}

/**
 * The rules of a thread of readers' texts (comments, clue-report comments, live chat), with one use's
 * settings: the text normalised and required, the editors' banned words refused and masked words
 * masked, links held for review (R-MOD-1), the per-user window (R-SEC-RATE, with recordUnderLimits),
 * the per-address limit, and reports holding a text (R-MOD-2).
 */
export function commentThread(db: Kysely<Database>, settings: ThreadSettings) {
  const { wording } = settings;
  const window = (now: number): PostingWindow => ({ since: now - settings.windowMs, max: settings.perUser });
  return {
    settings,

    /** The route options of a posting (or reporting) call: the per-address limit (R-SEC-RATE). */
    routeOptions: {
      config: { rateLimit: { max: settings.perIp.max, timeWindow: 60_000, groupId: settings.perIp.group } },
    },

    /** The text as stored (R-SEC-XSS: plain text, whitespace and control characters tidied); 400 when empty. */
    text(raw: string): string {
      const text = normaliseComment(raw);
      if (!text) throw badRequest(wording.empty);
      return text;
    },

    /** Applies the editors' rules (else the default ones); 400 for a banned word. */
    async screen(text: string, log: FastifyBaseLogger): Promise<Screened> {
      const verdict = moderate(text, await loadModerationRules(db, log));
      if (verdict.action === "reject") throw badRequest(wording.banned);
      const held = verdict.action === "hold";
      return { body: verdict.text, held, holdReason: held ? verdict.reason : "" };
    },

    /** The per-user window of a text posted at `now` (epoch ms). */
    window,

    /**
     * Records a text in `store` by `write` under this use's per-user limit and duplicate rule, in one
     * step per author (recordUnderLimits), in the database of the repository that calls it.
     */
    record<T>(
      database: Kysely<Database>,
      store: ThreadStore,
      text: NewText,
      write: (tx: Transaction<Database>) => Promise<T>,
    ) {
      return recordUnderLimits(database, store, text, window(text.at), write, settings.blocked);
    },

    /** The answer to a refused text: 429 over the limit, 409 for the same text again, 403 when banned. */
    refusal(reason: Refusal): ApiError {
      if (reason === "blocked") return forbidden(wording.blocked);
      return reason === "rate" ? tooManyRequests(wording.rate) : conflict(wording.duplicate);
    },

    /** Whether a text with this many reports is now held for review (published ones only). */
    heldByReports(row: { status: string; report_count: number }): boolean {
      return (
        settings.reportsToHold !== null && row.status === "published" && row.report_count >= settings.reportsToHold
      );
    },
  };
}

export type CommentThread = ReturnType<typeof commentThread>;
