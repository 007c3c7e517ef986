import type { InviteRecordList, UserInfo, VcodeResult } from "./account.ts";
import type { Agreement, AgreementKind, AppInfoEnvelopeData, AuthRequest, AuthResult, SiteConfig } from "./app.ts";
import type {
  AlbumTracks,
  CardList,
  ContentItem,
  ContentList,
  ContentListQuery,
  RecommendList,
  SpecialDetail,
  SpecialQuery,
} from "./content.ts";
import type { EnvelopeOf } from "./error-codes.ts";
import type {
  CollectionRequest,
  CollectionResult,
  CommentCreate,
  Comment as CommentItem,
  CommentList,
  FollowList,
  FollowResult,
  MediaAccountInfo,
  ReportRequest,
  StarRequest,
  StarResult,
  UserRelated,
} from "./interaction.ts";
import { type Credentials, requestHeaders } from "./request-headers.ts";
import type { HotWords, SearchQuery, SearchResult } from "./search.ts";

export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the platform API; "" for the page's own origin. */
  baseUrl: string;
  /** Credentials at the time of each call. */
  credentials: () => Credentials;
  fetch?: typeof fetch;
  /** Abort a call after this many milliseconds. */
  timeoutMs?: number;
}

/** The API could not be reached or did not answer with an envelope. */
export class ApiTransportError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = "ApiTransportError";
    this.status = status;
  }
}

type Query = Record<string, string | number | boolean | undefined>;

export type ApiClient = ReturnType<typeof createApiClient>;

/** Typed client of the platform API. Every call answers the `{code, msg, data}` envelope as is. */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function call<T>(method: "GET" | "POST", path: string, init: { query?: Query; body?: unknown } = {}) {
    let url = options.baseUrl.replace(/\/$/, "") + path;
    if (init.query) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(init.query)) {
        if (value !== undefined) search.set(key, String(value));
      }
      const text = search.toString();
      if (text) url += `?${text}`;
    }
    const headers = requestHeaders(path, options.credentials());
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const signal = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal,
      });
    } catch (error) {
      throw new ApiTransportError(`${method} ${path} failed: ${(error as Error).message}`, null);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ApiTransportError(`${method} ${path} answered ${response.status} without JSON`, response.status);
    }
    if (!body || typeof body !== "object" || typeof (body as { code?: unknown }).code !== "number") {
      throw new ApiTransportError(`${method} ${path} answered ${response.status} without an envelope`, response.status);
    }
    return body as EnvelopeOf<T>;
  }

  const id = encodeURIComponent;
  /** Media-account (mp) content uses the guzzle/dinner variants of the interaction calls (spec §7). */
  const prefix = (mp: boolean) => (mp ? "/guzzle/v1" : "/peony/v1");
  type Page = { page?: number; size?: number; cursor?: string };

  return {
    /** POST /peony/v1/auth: anonymous login, or phone login with account and verify_code or password. */
    auth: (body: AuthRequest) => call<AuthResult>("POST", "/peony/v1/auth", { body }),
    /** GET /peony/v1/vcode: send an SMS login code. */
    vcode: (tel: string) => call<VcodeResult>("GET", "/peony/v1/vcode", { query: { tel, type: 6 } }),
    /** GET /peony/v1/account/{id}: the logged-in user's profile. */
    account: (userId: string) => call<UserInfo>("GET", `/peony/v1/account/${id(userId)}`),
    /** POST /peony/v1/account/logout: revokes the user token. */
    logout: () => call<null>("POST", "/peony/v1/account/logout", { body: {} }),
    /** POST /peony/v1/account: enter an invite code. */
    invite: (inviteCode: string) => call<null>("POST", "/peony/v1/account", { body: { invite_code: inviteCode } }),
    /** GET /peony/v1/invite/record. */
    inviteRecord: () => call<InviteRecordList>("GET", "/peony/v1/invite/record"),
    /** GET /peony/v1/comment/{post_id} (mp content: /dinner/comment/{id}). */
    comments: (postId: string, page: Page = {}, mp = false) =>
      call<CommentList>("GET", mp ? `/dinner/comment/${id(postId)}` : `/peony/v1/comment/${id(postId)}`, {
        query: page,
      }),
    /** GET /peony/v1/comment/{post_id}/{cid}: replies of a comment. */
    replies: (postId: string, cid: string, page: Page = {}) =>
      call<CommentList>("GET", `/peony/v1/comment/${id(postId)}/${id(cid)}`, { query: page }),
    /** POST /peony/v1/comment/{post_id} (mp: /guzzle/v1/comment/{post_id}). */
    postComment: (postId: string, body: CommentCreate, mp = false) =>
      call<CommentItem>("POST", `${prefix(mp)}/comment/${id(postId)}`, { body }),
    /** POST /peony/v1/comment/{post_id}/{cid}/report. */
    reportComment: (postId: string, cid: string, body: ReportRequest) =>
      call<{ reported: boolean }>("POST", `/peony/v1/comment/${id(postId)}/${id(cid)}/report`, { body }),
    /** POST /peony/v1/collection/{id} (mp: /guzzle/v1/collection/{id}). */
    collect: (postId: string, body: CollectionRequest, mp = false) =>
      call<CollectionResult>("POST", `${prefix(mp)}/collection/${id(postId)}`, { body }),
    /** GET /peony/v3/content/{type}/{id}/user_related. */
    userRelated: (type: string, postId: string) =>
      call<UserRelated>("GET", `/peony/v3/content/${id(type)}/${id(postId)}/user_related`),
    /** POST /peony/v1/star (mp: /guzzle/v1/star). */
    star: (body: StarRequest, mp = false) => call<StarResult>("POST", `${prefix(mp)}/star`, { body }),
    /** POST /guzzle/v1/mp/follow/{id}. */
    follow: (mpId: string, type: "add" | "del") =>
      call<FollowResult>("POST", `/guzzle/v1/mp/follow/${id(mpId)}`, { body: { type } }),
    /** POST /guzzle/v1/mp/is_followed/{id}. */
    isFollowed: (mpId: string) => call<FollowResult>("POST", `/guzzle/v1/mp/is_followed/${id(mpId)}`, { body: {} }),
    /** GET /dinner/mp/info/{id}. */
    mpInfo: (mpId: string) => call<MediaAccountInfo>("GET", `/dinner/mp/info/${id(mpId)}`),
    /** GET /dinner/mp/followlist. */
    followList: () => call<FollowList>("GET", "/dinner/mp/followlist"),
    /** GET /peony/v1/app/info: app info as a JSON string in data.app_info. */
    appInfo: () => call<AppInfoEnvelopeData>("GET", "/peony/v1/app/info"),
    /** GET /peony/v1/group: the same app info. */
    group: () => call<AppInfoEnvelopeData>("GET", "/peony/v1/group"),
    /** GET /inner/static/data: the runtime site config. */
    siteConfig: () => call<SiteConfig>("GET", "/inner/static/data"),
    /** GET /inner/static/agreement/{kind}: the user agreement or the privacy policy. */
    agreement: (kind: AgreementKind) => call<Agreement>("GET", `/inner/static/agreement/${id(kind)}`),
    /** GET /inner/static/content/{id}. */
    content: (id: string) => call<ContentItem>("GET", `/inner/static/content/${encodeURIComponent(id)}`),
    /** GET /inner/v3/album/{audio|video}/{id}: an album's first tracks (limit 30). */
    album: (series: "audio" | "video", albumId: string, limit = 30) =>
      call<AlbumTracks>("GET", `/inner/v3/album/${series}/${id(albumId)}`, { query: { limit } }),
    /** GET /peony/v3/album/tracks/{series}/{uid}: a later page of an album's tracks. */
    albumTracks: (series: "audio" | "video", albumId: string, page: number, size = 30) =>
      call<AlbumTracks>("GET", `/peony/v3/album/tracks/${series}/${id(albumId)}`, { query: { page, size } }),
    /** GET /inner/v3/albums/relates/{id}. */
    albumRelates: (albumId: string) => call<CardList>("GET", `/inner/v3/albums/relates/${id(albumId)}`),
    /** GET /inner/special: pageindex 1, pagesize 50, batch_size 50, page_offset 0 by default. */
    special: (gid: string, query: Partial<Omit<SpecialQuery, "gid">> = {}) =>
      call<SpecialDetail>("GET", "/inner/special", {
        query: { gid, pageindex: 1, pagesize: 50, batch_size: 50, page_offset: 0, ...query },
      }),
    /** GET /inner/static/hot72: published in the last 72 hours, most viewed first. */
    hot72: () => call<CardList>("GET", "/inner/static/hot72"),
    /** GET /peony/v1/recommend: the editors' recommended list (size 10). */
    recommend: (page = 1, size = 10) => call<RecommendList>("GET", "/peony/v1/recommend", { query: { page, size } }),
    /** GET /peony/v1/content: a page of a group's content. */
    contentList: (query: Partial<ContentListQuery>) => call<ContentList>("GET", "/peony/v1/content", { query }),
    /** GET /peony/v1/search/hot-words. */
    hotWords: () => call<HotWords>("GET", "/peony/v1/search/hot-words"),
    /** GET /peony/v1/search: a page of content whose title holds the keyword. */
    search: (query: Pick<SearchQuery, "keyword"> & Partial<SearchQuery>) =>
      call<SearchResult>("GET", "/peony/v1/search", { query }),
  };
}
