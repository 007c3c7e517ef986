import type { ApiClient } from "@davmu/contracts/client";
import type {
  ClueReportDetail,
  ClueReportList,
  ClueReportSummary,
  ClueTopicDetail,
  ReporterDetail,
  ReporterPosts,
} from "@davmu/contracts/clue-reports";
import type { EnvelopeOf } from "@davmu/contracts/error-codes";

// types only from the contracts: this module runs in the browser too, without any schema

/**
 * How a dejin page reaches the API: `callApi` on the site's server, the session's client in the
 * browser (`(call) => call(session.api().client)`).
 */
export type DejinCall = <T>(call: (client: ApiClient) => Promise<EnvelopeOf<T>>) => Promise<EnvelopeOf<T>>;

/** What a load came to: the data, a missing item (404: the page goes to /404), or a failure. */
export type Loaded<T> = { state: "ready"; data: T } | { state: "missing" } | { state: "failed" };

/** The topic channel list (spec §7): 10 at a time, the most read first. */
export const channelLimit = 10;
export const channelSort = "view_sum" as const;

/**
 * One call of the store. A failed load is only logged (spec §8, R-ERR-2): the page then shows an
 * honest empty or retry state, never a blank one.
 */
export async function load<T>(
  what: string,
  run: DejinCall,
  call: (client: ApiClient) => Promise<EnvelopeOf<T>>,
): Promise<Loaded<T>> {
  try {
    const answer = await run(call);
    if (answer.code === 0) return { state: "ready", data: answer.data };
    // refused as asked (unknown id, a name no topic has, one too long): missing, not failed
    if (answer.code >= 400 && answer.code < 500 && ![401, 408, 429].includes(answer.code)) return { state: "missing" };
    console.warn(`dejin: ${what} failed (${answer.code} ${answer.msg})`);
  } catch (error) {
    console.warn(`dejin: ${what} failed:`, error);
  }
  return { state: "failed" };
}

/** dejin/initReport (postId): a report's detail. */
export function initReport(run: DejinCall, postId: string): Promise<Loaded<ClueReportDetail>> {
  return load(`report ${postId}`, run, (c) => c.clueReport({ params: { id: postId } }));
}

/** A reporter's page: the profile and the first page of each tab, each tab failing on its own. */
export interface ReporterPage {
  profile: ReporterDetail;
  clues: Loaded<ClueReportList>;
  mentions: Loaded<ClueReportList>;
  posts: Loaded<ReporterPosts>;
}

export type ReporterTab = "clues" | "mentions" | "posts";
export const reporterTabs: readonly ReporterTab[] = ["clues", "mentions", "posts"];

/** A page of one of a reporter's tabs. */
export function loadReporterTab(
  run: DejinCall,
  userId: string,
  tab: ReporterTab,
  page = 1,
): Promise<Loaded<ClueReportList | ReporterPosts>> {
  const input = { params: { id: userId }, query: { page, limit: channelLimit } };
  if (tab === "clues") return load(`reporter ${userId} clues`, run, (c) => c.clueReporterClues(input));
  if (tab === "mentions") return load(`reporter ${userId} mentions`, run, (c) => c.clueReporterMentions(input));
  return load(`reporter ${userId} posts`, run, (c) => c.clueReporterPosts(input));
}

/** dejin/initReporter (userId): the reporter's profile, then their clues, mentions and news items. */
export async function initReporter(run: DejinCall, userId: string): Promise<Loaded<ReporterPage>> {
  const profile = await load(`reporter ${userId}`, run, (c) => c.clueReporter({ params: { id: userId } }));
  if (profile.state !== "ready") return profile;
  const [clues, mentions, posts] = await Promise.all(reporterTabs.map((tab) => loadReporterTab(run, userId, tab)));
  return {
    state: "ready",
    data: {
      profile: profile.data,
      clues: clues as Loaded<ClueReportList>,
      mentions: mentions as Loaded<ClueReportList>,
      posts: posts as Loaded<ReporterPosts>,
    },
  };
}

/** dejin/changeChannelType (topicName): a page of the topic's channel list, 10 by view_sum. */
export function changeChannelType(run: DejinCall, topicName: string, page = 1): Promise<Loaded<ClueTopicDetail>> {
  return load(`topic ${topicName}`, run, (c) =>
    c.clueTopic({ params: { name: topicName }, query: { page, limit: channelLimit, sort: channelSort } }),
  );
}

/** The channel list as it grows by "load more": the next page appended, each report once. */
export interface Channel {
  list: ClueReportSummary[];
  page: number;
  total: number;
}

export function appendChannelPage(channel: Channel, next: ClueTopicDetail | ClueReportList): Channel {
  const seen = new Set(channel.list.map((r) => r.id));
  return {
    list: [...channel.list, ...next.list.filter((r) => !seen.has(r.id))],
    page: next.page,
    total: next.total,
  };
}

/** Whether "load more" has more to load. */
export function hasMore(channel: Channel): boolean {
  return channel.list.length < channel.total;
}
