import type {
  CluePicture,
  ClueReportDetail,
  ClueReportSummary,
  ClueStatus,
  ClueTimelineEntry,
  ClueTopic,
  ClueVideo,
  ReporterDetail,
  ReporterSummary,
} from "@davmu/contracts/clue-reports";
import { clueStatuses, dejinPaths } from "@davmu/contracts/clue-reports";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import { siteBase } from "@davmu/contracts/site-path";
import type { Selectable } from "kysely";
import type { StoredTimelineEntry } from "./repository.ts";
import type { ClueReportersTable, ClueReportsTable, ClueTopicsTable } from "./tables.ts";

export type ReportRow = Selectable<ClueReportsTable>;
export type ReporterRow = Selectable<ClueReportersTable>;

/** A page of the column as a share link on the public origin. */
export const shareLink = (origin: string, path: string) => `${origin}${siteBase}${path}`;

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

function parse<T>(json: string | null, fallback: T): T {
  if (!json) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

const statusOf = (value: string): ClueStatus =>
  (clueStatuses as readonly string[]).includes(value) ? (value as ClueStatus) : "pending";

/** The first words of the text, one line: what a card shows under the title. */
export function summaryOf(text: string, length = 60): string {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(line);
  return chars.length > length ? `${chars.slice(0, length).join("")}…` : line;
}

export function presentReporter(row: ReporterRow, codec: PublicIdCodec): ReporterSummary {
  return { user_id: codec.encode(row.id), name: row.name, avatar: row.avatar, title: row.title };
}

export function presentReporterDetail(
  row: ReporterRow,
  counts: { clues: number; mentions: number; posts: number },
  codec: PublicIdCodec,
  origin: string,
): ReporterDetail {
  const user_id = codec.encode(row.id);
  return {
    ...presentReporter(row, codec),
    share_link: shareLink(origin, dejinPaths.reporter(user_id)),
    bio: row.bio,
    follower_count: Number(row.follower_count),
    clue_count: counts.clues,
    at_count: counts.mentions,
    post_count: counts.posts,
  };
}

export function presentSummary(row: ReportRow, topics: string[], codec: PublicIdCodec): ClueReportSummary {
  const pictures = parse<CluePicture[]>(row.pictures_json, []);
  const video = parse<ClueVideo | null>(row.video_json, null);
  return {
    id: codec.encode(row.id),
    title: row.title,
    summary: summaryOf(row.content),
    cover: pictures[0]?.url ?? video?.poster ?? "",
    picture_count: pictures.length,
    has_video: video !== null,
    status: statusOf(row.status),
    topics,
    view_sum: Number(row.view_sum),
    author: { alias: row.author_alias, avatar: row.author_avatar },
    reported_at: iso(row.reported_at),
  };
}

export function presentDetail(
  row: ReportRow,
  parts: Pick<ClueReportDetail, "topics" | "handler" | "mentions" | "related_posts">,
  codec: PublicIdCodec,
  origin: string,
): ClueReportDetail {
  const timeline = parse<StoredTimelineEntry[]>(row.timeline_json, []).map(
    (step): ClueTimelineEntry => ({ status: statusOf(step.status), note: step.note, at: iso(step.at) }),
  );
  return {
    ...presentSummary(row, parts.topics, codec),
    content: row.content,
    location: row.location,
    pictures: parse<CluePicture[]>(row.pictures_json, []),
    video: parse<ClueVideo | null>(row.video_json, null),
    timeline,
    handler: parts.handler,
    reply:
      parts.handler && row.reply_content && row.replied_at !== null
        ? { reporter: parts.handler, content: row.reply_content, replied_at: iso(row.replied_at) }
        : null,
    mentions: parts.mentions,
    related_posts: parts.related_posts,
    share_link: shareLink(origin, dejinPaths.report(codec.encode(row.id))),
  };
}

export function presentTopic(
  row: Selectable<ClueTopicsTable>,
  stats: { count: number; views: number } | undefined,
  origin: string,
): ClueTopic {
  return {
    name: row.name,
    description: row.description,
    cover: row.cover,
    report_count: stats?.count ?? 0,
    view_sum: stats?.views ?? 0,
    share_link: shareLink(origin, dejinPaths.topic(row.name)),
  };
}
