import type { ContentItem, ContentType, SpecialDetail } from "@davmu/contracts/content";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type KeptData, pageData } from "../../lib/page-data.ts";

/** What the fake API was asked, by method name. */
const asked: string[] = [];
let content: ContentItem;
const ok = <T>(data: T) => Promise.resolve({ code: 0, msg: "", data });
/** An answer of the fake API, noting the call. */
function answer<T>(name: string, data: () => T) {
  return () => {
    asked.push(name);
    return ok(data());
  };
}
const emptyComments = { list: [], total: 0, page: 1, size: 10, has_more: false, next_cursor: null };
const client = {
  content: answer("content", () => content),
  comments: answer("comments", () => emptyComments),
  mpComments: answer("mpComments", () => emptyComments),
  hot72: answer("hot72", () => ({ list: [] })),
  recommend: answer("recommend", () => ({ list: [] })),
  special: answer("special", () => special),
  mpContent: answer("mpContent", () => content),
  mpInfo: answer("mpInfo", () => ({
    ...content.mp,
    name: "江澜新闻（账号）",
    follower_count: 3,
    content_count: 9,
    is_followed: false,
  })),
  previewDetail: (request: { query: { token: string } }) => {
    asked.push("previewDetail");
    if (request.query.token !== "good.token") return Promise.resolve({ code: 403, msg: "预览链接已过期", data: null });
    return ok({ ...content, title: "草稿", expired_at: "2026-11-24T10:00:00.000Z" });
  },
};
vi.mock("../../lib/server/api.server.ts", () => ({
  callApi: (call: (c: typeof client) => unknown) => call(client),
  callApiShared: (_key: string, call: (c: typeof client) => unknown) => call(client),
}));
vi.mock("../../lib/server/guards.server.ts", () => ({
  requireIndexSegment: (index: string | undefined) => {
    if (index !== "index.html") throw new Response(null, { status: 404 });
  },
  requirePublicId: (id: string | undefined) => id ?? "",
  isPreviewActor: (actor: string | undefined) => actor?.startsWith("preview-") === true,
  previewHeaders: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" },
  previewReason: () => "invalid",
  previewExpiredPath: (reason: string) => `/preview_expired?reason=${reason}`,
}));

const { detailLoader } = await import("./detail-page.server.ts");

/** What a loader kept on the server for its page (lib/page-data.ts), as its component reads it. */
const read = async <T>(loading: Promise<KeptData<T>>): Promise<T> => pageData<() => KeptData<T>>(await loading);

const special: SpecialDetail = {
  post_id: "Sp3c1a1x",
  title: "专题",
  summary: "",
  cover: "",
  share_link: "https://share.example.com/davmu/share/news/special/2026/11/Sp3c1a1x/index.html",
  sections: [],
  groups: [],
  total_groups: 0,
};

function item(type: ContentType): ContentItem {
  return {
    post_id: "AbCdEfGh",
    content_type: type,
    type: "doc",
    title: "标题",
    summary: "",
    source_alias: "江澜日报",
    publish_at: "2026-11-20T00:30:00.000Z",
    view_count: 1,
    like_count: 0,
    collect_count: 0,
    duration_str: "",
    pic_num: 0,
    payload: {
      url: "",
      real_url: "",
      nav: false,
      capsule: false,
      bizName: "",
      enable_app: true,
      enable_pc: true,
      app_url: "",
      pc_url: "",
    },
    share_link: "https://share.example.com/davmu/share/news/video/2026/11/AbCdEfGh/index.html",
    content_link: "/davmu/share/news/video/2026/11/AbCdEfGh/index.html",
    pc_link: "",
    style: { data: [] },
    state: 0,
    meta: { comment_available: "true" },
    enable_comment: true,
    relations: [],
    track_id: "t",
    mp: null,
    mp_user_id: null,
    album_status: null,
    expired_at: null,
    content: "",
    media: {},
    recommended: false,
  };
}

const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) MicroMessenger/8.0.44";
const args = (index = "index.html") => ({
  request: new Request("http://site/davmu/share/x", { headers: { "user-agent": phone } }),
  params: { actor: "news", post_id: "AbCdEfGh", index },
});

beforeEach(() => {
  asked.length = 0;
});

describe("detail page pipeline", () => {
  it("R-LAYOUT-3 a page with lists below carries its view, the share link, the environment, its lists and the clock", async () => {
    content = item("video");
    const data = await read(
      detailLoader(args(), {
        accepts: ["video"],
        lists: "bottom",
        view: (found, { comments }) => ({ title: found.title, comments }),
      }),
    );
    expect(Object.keys(data)).toEqual(["title", "comments", "shareLink", "env", "share", "preview", "lists", "now"]);
    expect(data.env).toEqual({ miniProgram: false, mobile: true });
    expect(data.lists.comments).toEqual(emptyComments);
    expect(await data.lists.more).toEqual({ hot: [], recommended: [] });
    expect(asked.sort()).toEqual(["comments", "content", "hot72", "recommend"]);
  });

  it("R-WEB-SSR the page's data stays on the server: React Router's hand-off is given an empty handle", async () => {
    content = item("article");
    const handle = await detailLoader(args(), {
      accepts: ["article"],
      lists: "bottom",
      view: (found) => ({ title: found.title, body: found.content }),
    });
    // what React Router encodes for a browser router this site never runs (entry.server.tsx)
    expect(Object.keys(handle)).toEqual([]);
    expect(JSON.stringify(handle)).toBe("{}");
    expect(Object.isFrozen(handle)).toBe(true);
    // what the component reads
    expect(pageData<() => typeof handle>(handle).title).toBe(content.title);
  });

  it("R-LAYOUT-3 where the layout shows no lists (audio album), none is asked for", async () => {
    content = item("audio_album");
    const data = await read(detailLoader(args(), { accepts: ["audio_album"], lists: "bottom", view: () => ({}) }));
    expect(data.lists.comments).toBeNull();
    expect(asked).toEqual(["content"]);
  });

  it("R-LAYOUT-3 a page with a comment footer only loads the comments; a page without either loads neither", async () => {
    content = item("image");
    const gallery = await read(detailLoader(args(), { accepts: ["image"], lists: "comments", view: () => ({ v: 1 }) }));
    expect(Object.keys(gallery)).toEqual(["v", "shareLink", "env", "share", "preview", "comments"]);
    expect(asked).toEqual(["content", "comments"]);
    asked.length = 0;
    content = item("svideo");
    const svideo = await read(detailLoader(args(), { accepts: ["svideo"], lists: "none", view: () => ({ v: 1 }) }));
    expect(Object.keys(svideo)).toEqual(["v", "shareLink", "env", "share", "preview"]);
    expect(svideo.preview).toBeNull();
    expect(asked).toEqual(["content"]);
  });

  it("R-CONTENT-1 an item of another type is sent to its own page; R-ROUTE-2 only index.html is a page", async () => {
    content = item("video");
    const thrown = await detailLoader(args(), { accepts: ["article"], lists: "none", view: () => ({}) }).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/news/video/2026/11/AbCdEfGh/index.html");
    const missing = await detailLoader(args("other.html"), {
      accepts: ["video"],
      lists: "none",
      view: () => ({}),
    }).catch((e: unknown) => e);
    expect((missing as Response).status).toBe(404);
  });

  it("R-WEB-SSR a page's extra load runs beside its lists and reaches its view; its failure is the page's", async () => {
    content = item("video_album");
    const data = await read(
      detailLoader(args(), {
        accepts: ["video_album"],
        lists: "bottom",
        extra: async (_item, { layout }) => ({ withLists: layout.bottomLists }),
        view: (_item, { extra }) => ({ extra }),
      }),
    );
    expect(data.extra).toEqual({ withLists: true });
    const failed = detailLoader(args(), {
      accepts: ["video_album"],
      lists: "bottom",
      extra: () => Promise.reject(new Error("tracks")),
      view: () => ({}),
    });
    await expect(failed).rejects.toThrow("tracks");
  });

  it("R-WEB-SSR a special comes from the specials API and carries its own share link", async () => {
    const data = await read(
      detailLoader(
        { ...args(), params: { id: "Sp3c1a1x", index: "index.html" } },
        { accepts: "special", view: (found) => ({ special: found }) },
      ),
    );
    // like every detail page, it says whether it is a preview (null: it is not)
    expect(Object.keys(data)).toEqual(["special", "env", "share", "preview"]);
    expect(data.preview).toBeNull();
    expect(data.special.share_link).toBe(special.share_link);
    expect(asked).toEqual(["special"]);
  });

  it("R-ROUTE-5 R-ROUTE-6 a preview actor loads through the preview call, answers private and noindex, reloads when stale", async () => {
    content = item("article");
    const previewArgs = (query: string) => ({
      request: new Request(`http://site/davmu/share/preview-ann/doc/2026/11/AbCdEfGh/index.html?${query}`),
      params: { actor: "preview-ann", post_id: "AbCdEfGh", index: "index.html" },
    });
    const page = {
      accepts: ["article"],
      lists: "none",
      view: (found: ContentItem) => ({ title: found.title }),
    } as const;
    const answered = (await detailLoader(previewArgs(`token=good.token&_=${Date.now()}`), page)) as unknown as {
      data: KeptData<{ title: string; preview: unknown }>;
      init: { headers: Record<string, string> };
    };
    const previewed = pageData<() => (typeof answered)["data"]>(answered.data);
    expect(previewed.title).toBe("草稿");
    expect(previewed.preview).toEqual({ editor: "ann", expiresAt: Date.parse("2026-11-24T10:00:00.000Z") });
    expect(answered.init.headers).toEqual({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
    expect(asked).toEqual(["previewDetail"]);
    const stale = await detailLoader(previewArgs(`token=good.token&_=${Date.now() - 31_000}`), page).catch((e) => e);
    expect((stale as Response).headers.get("location")).toMatch(
      /^\/preview-ann\/doc\/2026\/11\/AbCdEfGh\/index\.html\?token=good\.token&_=\d+$/,
    );
    const refused = await detailLoader(previewArgs(`token=bad.token&_=${Date.now()}`), page).catch((e) => e);
    expect((refused as Response).headers.get("location")).toBe("/preview_expired?reason=invalid");
  });

  it("R-ROUTE-5 R-ENT-OTHER actor mp reads the item from the media-account content call and its account from the account's own", async () => {
    content = { ...item("article"), mp: { id: "Mp000001", name: "旧名", avatar: "", description: "" } };
    const data = await read(
      detailLoader(
        { request: args().request, params: { actor: "mp", post_id: "AbCdEfGh", index: "index.html" } },
        { accepts: ["article"], lists: "none", view: (found) => ({ mp: found.mp }) },
      ),
    );
    expect(asked).toEqual(["mpContent", "mpInfo"]);
    expect(data.mp?.name).toBe("江澜新闻（账号）");
  });

  it("R-ROUTE-5 R-WEB-SSR under actor mp the lists and comments are asked for beside the account's call, not after it", async () => {
    content = { ...item("article"), mp: { id: "Mp000001", name: "旧名", avatar: "", description: "" } };
    let answerAccount: () => void = () => {};
    const immediate = client.mpInfo;
    client.mpInfo = () => {
      asked.push("mpInfo");
      return new Promise((resolve) => {
        answerAccount = () =>
          resolve({
            code: 0,
            msg: "",
            data: { ...content.mp, name: "江澜新闻（账号）", follower_count: 3, content_count: 9, is_followed: false },
          });
      });
    };
    try {
      const loading = detailLoader(
        { request: args().request, params: { actor: "mp", post_id: "AbCdEfGh", index: "index.html" } },
        { accepts: ["article"], lists: "bottom", view: (found, { comments }) => ({ mp: found.mp, comments }) },
      );
      await vi.waitFor(() =>
        expect([...asked].sort()).toEqual(["hot72", "mpComments", "mpContent", "mpInfo", "recommend"]),
      );
      // every call is out while the account's is still unanswered
      answerAccount();
      const data = await read(loading);
      expect(data.mp?.name).toBe("江澜新闻（账号）");
      expect(data.comments).toEqual(emptyComments);
    } finally {
      client.mpInfo = immediate;
    }
  });
});
