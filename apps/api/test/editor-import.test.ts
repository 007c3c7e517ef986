import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/database.ts";
import {
  articleBodySeal,
  articleSanitizerVersion,
  isSealedArticleBody,
  storedArticleBody,
} from "../src/lib/sanitize-html.ts";
import { cleanStoredBodies } from "../src/modules/content/repository.ts";
import { loadConfig } from "../src/plugins/config.ts";
import { startTestServer, type TestServer, testEditorKey } from "./helper.ts";
import { editorSession } from "./support/editors.ts";

const key = { "x-api-key": testEditorKey };

const video = (externalId: string, title = "江澜夜景延时") => ({
  external_id: externalId,
  content_type: "video",
  title,
  publish_at: "2026-11-20T12:00:00Z",
  cover_url: "/media/posters/river-egrets.jpg",
  duration_str: "00:05",
  media: {
    video: {
      src: "/media/video/river-egrets.mp4",
      poster: "/media/posters/river-egrets.jpg",
      orientation: "landscape",
      width: 640,
      height: 360,
    },
  },
});

describe("editors' content import", () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    await server.seedDemo();
    token = await server.anonymousToken();
  });
  afterAll(() => server.close());

  const count = async () =>
    Number(
      (
        await server.database.handle.db
          .selectFrom("contents")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("R-SRV-5 imports items of every type; albums, specials and relations point at items of the batch", async () => {
    const batch = [
      video("imp-ep-1", "第1集"),
      video("imp-ep-2", "第2集"),
      {
        external_id: "imp-album",
        content_type: "video_album",
        title: "导入的视频专辑",
        publish_at: "2026-11-21T08:00:00Z",
        tracks: ["imp-ep-1", "imp-ep-2"],
        relations: ["demo-article-01"],
      },
      {
        external_id: "imp-gallery",
        content_type: "image",
        title: "导入的图集",
        publish_at: "2026-11-21T08:00:00Z",
        media: {
          images: [
            {
              url: "/media/gallery/river-1.jpg",
              thumb: "/media/gallery/river-1.jpg",
              width: 750,
              height: 500,
              caption: "一",
            },
            {
              url: "/media/gallery/park-1.jpg",
              thumb: "/media/gallery/park-1.jpg",
              width: 750,
              height: 500,
              caption: "二",
            },
          ],
        },
      },
      {
        external_id: "imp-special",
        content_type: "special",
        title: "导入的专题",
        publish_at: "2026-11-21T08:00:00Z",
        sections: [{ title: "导语", content: "一段导语" }],
        groups: [{ name: "第一组", collapse: true, items: ["imp-gallery", "demo-article-02"] }],
      },
      {
        external_id: "imp-h5",
        content_type: "h5",
        title: "链接",
        publish_at: "2026-11-21T08:00:00Z",
        payload: { url: "/media/h5/metro-map.html" },
      },
    ];
    const before = await count();
    const { status, body } = await server.post("/editor/v1/contents", batch, null, key);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ created: 6, updated: 0 });
    expect(await count()).toBe(before + 6);

    const albumId = body.data.items.find((i: any) => i.external_id === "imp-album").post_id;
    const album = await server.get(`/inner/v3/album/video/${albumId}`, token);
    expect(album.body.data.list.map((t: any) => t.title)).toEqual(["第1集", "第2集"]);
    expect(album.body.data.album_status).toEqual({ status: 0, total: 2 });
    const item = await server.get(`/inner/static/content/${albumId}`, token);
    expect(item.body.data.relations[0].source_alias).not.toBe("");

    const galleryId = body.data.items.find((i: any) => i.external_id === "imp-gallery").post_id;
    expect((await server.get(`/inner/static/content/${galleryId}`, token)).body.data.pic_num).toBe(2);
    const specialId = body.data.items.find((i: any) => i.external_id === "imp-special").post_id;
    const special = await server.get(`/inner/special?gid=${specialId}`, token);
    expect(special.body.data.groups[0]).toMatchObject({ name: "第一组", collapse: true, total: 2 });
  });

  it("R-SRV-5 a second import updates by external_id and never duplicates", async () => {
    const before = await count();
    const first = await server.post("/editor/v1/contents", [video("imp-again", "第一版标题")], null, key);
    expect(first.body.data).toMatchObject({ created: 1, updated: 0 });
    const again = await server.post(
      "/editor/v1/contents",
      [{ ...video("imp-again", "第二版标题"), state: 0, view_count: 5 }],
      null,
      key,
    );
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: 0, updated: 1 });
    expect(again.body.data.items[0].post_id).toBe(first.body.data.items[0].post_id);
    expect(await count()).toBe(before + 1);
    const shown = await server.get(`/inner/static/content/${first.body.data.items[0].post_id}`, token);
    // read once more: the cached answer of the first version must not outlive the update
    const again2 = await server.post("/editor/v1/contents", [video("imp-again", "第三版标题")], null, key);
    expect(again2.body.data.updated).toBe(1);
    const third = await server.get(`/inner/static/content/${first.body.data.items[0].post_id}`, token);
    expect(third.body.data.title).toBe("第三版标题");
    expect(shown.body.data).toMatchObject({ title: "第二版标题", view_count: 5 });
    // an album imported again with fewer tracks keeps only those, in the new order
    await server.post(
      "/editor/v1/contents",
      [
        {
          external_id: "imp-album",
          content_type: "video_album",
          title: "导入的视频专辑",
          publish_at: "2026-11-21T08:00:00Z",
          tracks: ["imp-ep-2"],
        },
      ],
      null,
      key,
    );
    const albumRow = await server.database.handle.db
      .selectFrom("contents")
      .select("id")
      .where("external_id", "=", "imp-album")
      .executeTakeFirstOrThrow();
    const members = await server.database.handle.db
      .selectFrom("content_members")
      .selectAll()
      .where("parent_id", "=", albumRow.id)
      .execute();
    expect(members).toHaveLength(1);
  });

  it("R-SRV-5 R-ENT-CONTENT a body is cleaned and sealed as it is imported and served as stored; a body that does not match its seal is cleaned as it is read", async () => {
    const hostile =
      '<p onclick="steal()">正文<script>alert(1)</script></p><img src="javascript:alert(1)" onerror="x()"><a href="https://example.com/a">链接</a><iframe src="https://evil.example"></iframe>';
    const article = {
      external_id: "imp-body",
      content_type: "article",
      title: "带脚本的导入稿件",
      publish_at: "2026-11-20T12:00:00Z",
      body_html: hostile,
    };
    const answer = await server.post("/editor/v1/contents", [article], null, key);
    expect(answer.status).toBe(200);
    const postId: string = answer.body.data.items[0].post_id;
    const db = server.database.handle.db;
    const stored = await db
      .selectFrom("contents")
      .select(["id", "body_html", "body_clean_version", "body_clean_seal"])
      .where("external_id", "=", "imp-body")
      .executeTakeFirstOrThrow();
    // what the database holds is the cleaned body, with the sanitizer's version and the body's seal
    expect(stored.body_clean_version).toBe(articleSanitizerVersion);
    expect(stored.body_clean_seal).toBe(articleBodySeal(stored.body_html));
    expect(stored.body_html).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(stored.body_html).toContain('rel="noopener noreferrer nofollow"');
    const served = await server.get(`/inner/static/content/${postId}`, token);
    expect(served.body.data.content).toBe(stored.body_html);

    const rewriteByHand = async (body: Record<string, unknown>) => {
      await db
        .updateTable("contents")
        .set({ ...body, updated_at: Date.now() })
        .where("id", "=", stored.id)
        .execute();
      server.app.contentChanges.publish(stored.id);
      return (await server.get(`/inner/static/content/${postId}`, token)).body.data.content as string;
    };
    // a body whose seal matches is served as stored: a link without rel, sealed, keeps none
    const unsealedLink = '<p>正文<a href="https://example.com/b">链接</a></p>';
    expect(await rewriteByHand({ body_html: unsealedLink, body_clean_seal: articleBodySeal(unsealedLink) })).toBe(
      unsealedLink,
    );
    // the same body written by hand (or by a release from before) under the old seal, its version still
    // saying "cleaned", is cleaned on the way out
    expect(await rewriteByHand({ body_html: hostile, body_clean_version: articleSanitizerVersion })).toBe(
      stored.body_html,
    );
    // and under no seal, another body's seal, or a version's without a seal
    for (const mark of [
      { body_clean_seal: "" },
      { body_clean_seal: stored.body_clean_seal },
      { body_clean_version: 0, body_clean_seal: "not-a-seal" },
      { body_clean_version: articleSanitizerVersion + 1, body_clean_seal: "" },
    ]) {
      const cleaned = await rewriteByHand({ body_html: hostile, ...mark });
      expect(cleaned, JSON.stringify(mark)).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
      expect(cleaned).toContain('rel="noopener noreferrer nofollow"');
    }

    // a body changed through the content repository is cleaned and sealed as it is written, like an imported one
    expect(await server.app.contents.update(stored.id, { body_html: hostile })).toBe(true);
    const rewritten = await db
      .selectFrom("contents")
      .select(["body_html", "body_clean_version", "body_clean_seal"])
      .where("id", "=", stored.id)
      .executeTakeFirstOrThrow();
    expect(rewritten).toEqual({
      body_html: stored.body_html,
      body_clean_version: articleSanitizerVersion,
      body_clean_seal: stored.body_clean_seal,
    });
  });

  it("R-SRV-2 R-ENT-CONTENT db:clean-bodies cleans and seals every body that does not match its seal, a batch at a time, and a second run finds none", async () => {
    const db = server.database.handle.db;
    const hostile = (n: number) => `<p onclick="x()">第${n}段<script>alert(${n})</script></p>`;
    const answer = await server.post(
      "/editor/v1/contents",
      [1, 2, 3, 4, 5].map((n) => ({
        external_id: `clean-${n}`,
        content_type: "article",
        title: `待清理稿件${n}`,
        publish_at: "2026-11-20T12:00:00Z",
        body_html: hostile(n),
      })),
      null,
      key,
    );
    expect(answer.status).toBe(200);
    // two as rows from before decision 090 (version 0, no seal); one as decision 090 wrote it (version,
    // no seal); one changed by hand under its old seal, its version still saying "cleaned"
    for (const [n, mark] of [
      [1, { body_clean_version: 0, body_clean_seal: "" }],
      [2, { body_clean_version: 0, body_clean_seal: "" }],
      [3, { body_clean_version: articleSanitizerVersion, body_clean_seal: "" }],
      [4, {}],
    ] as const) {
      await db
        .updateTable("contents")
        .set({ body_html: hostile(n), ...mark })
        .where("external_id", "=", `clean-${n}`)
        .execute();
    }
    const before = await db
      .selectFrom("contents")
      .select("body_html")
      .where("external_id", "=", "clean-5")
      .executeTakeFirstOrThrow();
    const all = await db.selectFrom("contents").select(["body_html", "body_clean_seal"]).execute();
    const unsealed = all.filter((row) => !isSealedArticleBody(row.body_html, row.body_clean_seal)).length;
    expect(unsealed).toBeGreaterThanOrEqual(4);
    expect(await cleanStoredBodies(db, 2)).toBe(unsealed);
    const rows = await db
      .selectFrom("contents")
      .select(["external_id", "body_html", "body_clean_version", "body_clean_seal"])
      .where("external_id", "like", "clean-%")
      .orderBy("external_id")
      .execute();
    for (const [i, row] of rows.entries()) {
      expect(row.body_clean_version).toBe(articleSanitizerVersion);
      expect(row.body_html).toBe(`<p>第${i + 1}段</p>`);
      expect(row.body_clean_seal).toBe(articleBodySeal(row.body_html));
    }
    // the body already sealed as it was imported was not written again
    expect(rows[4]?.body_html).toBe(before.body_html);
    expect(await cleanStoredBodies(db, 2)).toBe(0);
  });

  it("R-SRV-2 R-ENT-CONTENT db:clean-bodies never undoes a body written between its read and its write", async () => {
    const db = server.database.handle.db;
    const answer = await server.post(
      "/editor/v1/contents",
      [{ external_id: "clean-race", content_type: "article", title: "清理时改稿", publish_at: "2026-11-20T12:00:00Z" }],
      null,
      key,
    );
    expect(answer.status).toBe(200);
    const { id } = await db
      .selectFrom("contents")
      .select("id")
      .where("external_id", "=", "clean-race")
      .executeTakeFirstOrThrow();
    // a row from before decision 090: raw, no seal
    await db
      .updateTable("contents")
      .set({ body_html: '<p onclick="x()">旧正文</p>', body_clean_version: 0, body_clean_seal: "" })
      .where("id", "=", id)
      .execute();
    // another instance, on a connection of its own, saves an editor's new body once the command has read
    // the row and before it writes it
    const other = openDatabase(loadConfig({ DATABASE_URL: server.database.url }).database);
    let written = false;
    const racing = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        const read = (args.result.rows as Array<{ id?: number }>).some((row) => row.id === id);
        if (read && !written) {
          written = true;
          await other.db
            .updateTable("contents")
            .set(storedArticleBody("<p>编辑刚改的正文<script>x()</script></p>"))
            .where("id", "=", id)
            .execute();
        }
        return args.result;
      },
    });
    try {
      await cleanStoredBodies(racing, 500);
    } finally {
      await other.destroy();
    }
    expect(written).toBe(true);
    const row = await db
      .selectFrom("contents")
      .select(["body_html", "body_clean_seal"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.body_html).toBe("<p>编辑刚改的正文</p>");
    expect(isSealedArticleBody(row.body_html, row.body_clean_seal)).toBe(true);
  });

  it("R-SRV-5 an item's thumb_url is its picture in lists; without one, lists show the cover", async () => {
    const withThumb = { ...video("imp-thumb", "带列表小图"), thumb_url: "/media/thumbs/posters/river-egrets.jpg" };
    const answer = await server.post("/editor/v1/contents", [withThumb, video("imp-no-thumb", "不带小图")], null, key);
    expect(answer.status).toBe(200);
    const [thumbed, plain] = answer.body.data.items as Array<{ post_id: string }>;
    const style = async (postId?: string) =>
      (await server.get(`/inner/static/content/${postId}`, token)).body.data.style.data[0];
    expect(await style(thumbed?.post_id)).toEqual({
      thumb: "/media/thumbs/posters/river-egrets.jpg",
      wbep_thumb: "/media/thumbs/posters/river-egrets.jpg",
      url: "/media/posters/river-egrets.jpg",
    });
    expect(await style(plain?.post_id)).toEqual({
      thumb: "/media/posters/river-egrets.jpg",
      wbep_thumb: "/media/posters/river-egrets.jpg",
      url: "/media/posters/river-egrets.jpg",
    });
    const tooLong = await server.post(
      "/editor/v1/contents",
      [{ ...video("imp-thumb-long"), thumb_url: `/media/${"x".repeat(1000)}.jpg` }],
      null,
      key,
    );
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain("thumb_url");
  });

  it("R-SRV-5 a batch with bad items is refused whole, naming each bad item and field", async () => {
    const before = await count();
    const { status, body } = await server.post(
      "/editor/v1/contents",
      [
        video("imp-good"),
        { ...video("imp-bad-date"), publish_at: "昨天" },
        { ...video("imp-bad-type"), content_type: "podcast", title: "" },
        {
          external_id: "imp-bad-ref",
          content_type: "audio_album",
          title: "专辑",
          publish_at: "2026-11-21T08:00:00Z",
          tracks: ["nowhere"],
        },
        { ...video("imp-good") },
        { ...video("imp-bad-mp"), mp_key: "no-such-account" },
        "not an object",
      ],
      null,
      key,
    );
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.msg).toMatch(/^导入失败，未写入任何内容/);
    const errors = body.data.errors as { index: number; external_id: string | null; field: string; message: string }[];
    const fields = errors.map((e) => `${e.index}:${e.external_id}:${e.field}`);
    expect(fields).toContain("1:imp-bad-date:/publish_at");
    expect(fields).toContain("2:imp-bad-type:/content_type");
    expect(fields).toContain("2:imp-bad-type:/title");
    expect(fields).toContain("3:imp-bad-ref:/tracks/0");
    expect(fields).toContain("4:imp-good:/external_id");
    expect(fields).toContain("5:imp-bad-mp:/mp_key");
    expect(errors.some((e) => e.index === 6 && e.external_id === null)).toBe(true);
    expect(errors.some((e) => e.index === 0)).toBe(false);
    expect(await count()).toBe(before);
  });

  it("R-SRV-5 R-SEC-XSS addresses must be site paths or http(s) URLs (an app link any scheme a browser does not run): others are refused by field", async () => {
    const before = await count();
    const h5 = (externalId: string, url: string, appUrl?: string) => ({
      external_id: externalId,
      content_type: "h5",
      title: "互动页面",
      publish_at: "2026-11-20T12:00:00Z",
      payload: { url, ...(appUrl === undefined ? {} : { app_url: appUrl }) },
    });
    const { status, body } = await server.post(
      "/editor/v1/contents",
      [
        h5("imp-js-link", "javascript:alert(document.domain)//"),
        h5("imp-data-link", "data:text/html,<script>alert(1)</script>"),
        h5("imp-js-app", "https://h5.example.com/vote", "JavaScript:alert(1)"),
        { ...video("imp-js-cover"), cover_url: "javascript:alert(1)" },
        {
          ...video("imp-js-media"),
          media: { video: { ...video("x").media.video, src: "//evil.example.net/a.mp4", poster: "vbscript:x" } },
        },
      ],
      null,
      key,
    );
    expect(status).toBe(400);
    const fields = (body.data.errors as { index: number; field: string }[]).map((e) => `${e.index}:${e.field}`);
    expect(fields).toEqual([
      "0:/payload/url",
      "1:/payload/url",
      "2:/payload/app_url",
      "3:/cover_url",
      "4:/media/video/src",
      "4:/media/video/poster",
    ]);
    expect(await count()).toBe(before);
    // what a real newsroom imports passes: site paths, http and https pages, the app's own scheme
    const accepted = await server.post(
      "/editor/v1/contents",
      [
        h5("imp-ok-path", "/media/h5/metro-map.html"),
        h5("imp-ok-http", "http://news.example.cn/2026/11/28/a.shtml", "jianglan://content/abc"),
        h5("imp-ok-https", "https://h5.example.com/vote", ""),
      ],
      null,
      key,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });

  it("R-SEC-XSS an h5 address stored before imports refused it leads its card to the item's own page, never to the address", async () => {
    const answer = await server.post(
      "/editor/v1/contents",
      [
        {
          external_id: "imp-old-h5",
          content_type: "h5",
          title: "旧的互动页面",
          publish_at: "2026-11-20T12:00:00Z",
          payload: { url: "https://h5.example.com/old" },
        },
        { ...video("imp-old-h5-host"), relations: ["imp-old-h5"] },
      ],
      null,
      key,
    );
    expect(answer.status).toBe(200);
    const [h5, host] = answer.body.data.items as Array<{ post_id: string }>;
    const linkOf = async () =>
      (await server.get(`/inner/static/content/${host?.post_id}`, token)).body.data.relations[0].content_link as string;
    expect(await linkOf()).toBe("https://h5.example.com/old");
    // written by hand (or by an older release), as imports once let it through
    await server.database.handle.db
      .updateTable("contents")
      .set({ payload_json: JSON.stringify({ url: "javascript:alert(document.domain)//" }) })
      .where("external_id", "=", "imp-old-h5")
      .execute();
    // the host's kept answer names the h5 item: importing it again drops what was kept
    await server.post("/editor/v1/contents", [{ ...video("imp-old-h5-host"), relations: ["imp-old-h5"] }], null, key);
    const link = await linkOf();
    expect(link).not.toMatch(/javascript/i);
    expect(link).toMatch(new RegExp(`^/davmu/share/[a-z]+/[a-z]+/\\d{4}/\\d{2}/${h5?.post_id}/index\\.html$`));
  });

  it("R-SRV-4 a body that is not a list of items gets a 400 envelope", async () => {
    for (const body of [{}, [], "[", 42]) {
      const answer = await server.post("/editor/v1/contents", body, null, key);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe(400);
    }
  });

  it("R-SRV-5 R-CONSOLE-2 no key nor session is 401, a wrong key 401, and with no key configured the key is 403", async () => {
    const missing = await server.post("/editor/v1/contents", [video("imp-nokey")]);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ code: 401, msg: "请先登录编辑账号", data: null });
    const wrong = await server.post("/editor/v1/contents", [video("imp-nokey")], null, { "x-api-key": "wrong-key" });
    expect(wrong.status).toBe(401);
    const off = await startTestServer({ EDITOR_API_KEY: "" });
    try {
      const answer = await off.post("/editor/v1/contents", [video("imp-nokey")], null, key);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ code: 403, msg: "编辑接口未启用", data: null });
    } finally {
      await off.close();
    }
    const rows = await server.database.handle.db
      .selectFrom("contents")
      .select("id")
      .where("external_id", "=", "imp-nokey")
      .execute();
    expect(rows).toEqual([]);
  });

  it("R-CONSOLE-2 besides the key, an editor's session may import; a moderator's may not", async () => {
    const editor = await editorSession(server, "editor");
    const moderator = await editorSession(server, "moderator");
    expect((await server.post("/editor/v1/contents", [video("imp-mod")], null, moderator.headers)).status).toBe(403);
    const done = await server.post("/editor/v1/contents", [video("imp-session")], null, editor.headers);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });
});
