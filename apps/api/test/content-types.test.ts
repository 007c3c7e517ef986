import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";

describe("content types", () => {
  let server: TestServer;
  let token: string;
  const ids: Record<string, string> = {};

  /** Withdraws (or restores) an item the way the product does: through the repository, which tells the caches. */
  async function withdraw(externalId: string, state: number) {
    const row = await server.database.handle.db
      .selectFrom("contents")
      .select("id")
      .where("external_id", "=", externalId)
      .executeTakeFirstOrThrow();
    await server.app.contents.update(row.id, { state });
  }

  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_ORIGIN: "https://share.example.com" });
    for (const externalId of [
      "demo-video-marathon",
      "demo-video-river",
      "demo-svideo-ginkgo",
      "demo-audio-morning",
      "demo-audio-album-street",
      "demo-audio-street-2",
      "demo-video-album-city",
      "demo-gallery-autumn",
      "demo-h5-metro-map",
      "demo-mini-program-service",
      "demo-live-marathon",
      "demo-live-ginkgo",
      "demo-live-market",
      "demo-special-renewal",
      "demo-article-01",
    ]) {
      ids[externalId] = await server.demoPostId(externalId);
    }
    token = await server.anonymousToken();
  });
  afterAll(() => server.close());

  it("R-SRV-2 every demo item's cover and list picture are served, the list picture the smaller", async () => {
    type Listed = { style: { data: Array<{ thumb: string; url: string }> } };
    const list: Listed[] = [];
    for (let page = 1; ; page++) {
      const answer = (await server.get(`/peony/v1/content?pageindex=${page}&pagesize=20`, token)).body;
      expect(answer.code).toBe(0);
      list.push(...(answer.data.list as Listed[]));
      if (answer.data.list.length < 20) break;
    }
    const pictures = list.flatMap((item) => item.style.data);
    expect(pictures.length).toBeGreaterThan(20);
    for (const { thumb, url } of pictures) {
      expect(thumb).toMatch(/^\/media\/thumbs\//);
      const [small, large] = await Promise.all([fetch(server.base + thumb), fetch(server.base + url)]);
      expect([small.status, large.status, thumb]).toEqual([200, 200, thumb]);
      expect(small.headers.get("content-type")).toBe("image/jpeg");
      const [smallBytes, largeBytes] = await Promise.all([small.arrayBuffer(), large.arrayBuffer()]);
      expect(smallBytes.byteLength).toBeLessThan(largeBytes.byteLength);
    }
  });

  it("R-ENT-CONTENT a video answers its playable source, poster and orientation, and its share path", async () => {
    const { status, body } = await server.get(`/inner/static/content/${ids["demo-video-marathon"]}`, token);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      content_type: "video",
      type: "video",
      duration_str: "00:06",
      recommended: true,
      media: {
        video: {
          src: "/media/video/hls/marathon/index.m3u8",
          poster: "/media/posters/marathon.jpg",
          orientation: "landscape",
        },
      },
    });
    expect(body.data.content_link).toMatch(/^\/davmu\/share\/news\/video\/\d{4}\/\d{2}\/\w+\/index\.html$/);
    expect(body.data.relations.map((r: any) => r.content_type)).toEqual(["video", "image", "article"]);
    expect(Object.keys(body.data.relations[0]).sort()).toEqual(
      [
        "content_link",
        "content_type",
        "duration_str",
        "pic_num",
        "post_id",
        "publish_at",
        "source_alias",
        "style",
        "title",
        "view_count",
      ].sort(),
    );
  });

  it("R-ENT-CONTENT svideo is vertical, audio has its file, gallery counts its pictures, mini program names itself", async () => {
    const svideo = (await server.get(`/inner/static/content/${ids["demo-svideo-ginkgo"]}`, token)).body.data;
    expect(svideo).toMatchObject({ type: "svideo", media: { video: { orientation: "portrait", height: 640 } } });
    expect(svideo.content_link).toMatch(/^\/davmu\/share\/mp\/svideo\//);
    const audio = (await server.get(`/inner/static/content/${ids["demo-audio-morning"]}`, token)).body.data;
    expect(audio.media.audio.src).toBe("/media/audio/morning-news.m4a");
    const gallery = (await server.get(`/inner/static/content/${ids["demo-gallery-autumn"]}`, token)).body.data;
    expect(gallery).toMatchObject({ type: "gallery", pic_num: 5 });
    expect(gallery.media.images).toHaveLength(5);
    expect(gallery.media.images[0]).toEqual({
      url: "/media/gallery/ginkgo-1.jpg",
      thumb: "/media/gallery/ginkgo-1.jpg",
      width: 750,
      height: 500,
      caption: expect.stringContaining("银杏"),
    });
    const mini = (await server.get(`/inner/static/content/${ids["demo-mini-program-service"]}`, token)).body.data;
    expect(mini).toMatchObject({ type: "mini_program", media: { mini_program: { name: "江澜政务服务" } } });
  });

  it("R-ROUTE-7 local lives carry the playlists and orientation that choose their sub-screen", async () => {
    const landscape = (await server.get(`/inner/static/content/${ids["demo-live-marathon"]}`, token)).body.data;
    expect(landscape.media.live).toMatchObject({ status: "live", orientation: "landscape" });
    expect(landscape.media.live.playlists[0]).toMatchObject({ type: "hls", play_url: expect.stringMatching(/m3u8$/) });
    const portrait = (await server.get(`/inner/static/content/${ids["demo-live-ginkgo"]}`, token)).body.data;
    expect(portrait.media.live.orientation).toBe("portrait");
    const images = (await server.get(`/inner/static/content/${ids["demo-live-market"]}`, token)).body.data;
    expect(images.media.live.playlists).toEqual([]);
    expect(images.media.live.images.length).toBeGreaterThan(0);
  });

  it("R-UI-POPUP an h5 item's card links to its address, not to a share page", async () => {
    const { body } = await server.get(`/inner/static/content/${ids["demo-special-renewal"]}`, token);
    expect(body.code).toBe(0);
    const special = await server.get(`/inner/special?gid=${ids["demo-special-renewal"]}`, token);
    const h5 = special.body.data.groups[1].content_list.find((c: any) => c.content_type === "h5");
    expect(h5.content_link).toBe("/media/h5/metro-map.html");
  });

  it("R-CONTENT-9 an audio album answers its tracks in order with files, limit 30 by default", async () => {
    const { status, body } = await server.get(`/inner/v3/album/audio/${ids["demo-audio-album-street"]}`, token);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 3, album_status: { status: 0, total: 3 }, page: 1, size: 30 });
    expect(body.data.list.map((t: any) => t.episode)).toEqual([1, 2, 3]);
    expect(body.data.list[0]).toMatchObject({
      content_type: "audio",
      title: expect.stringContaining("第1集"),
      src: "/media/audio/old-street-1.m4a",
      duration_str: "00:05",
    });
    const limited = await server.get(`/inner/v3/album/audio/${ids["demo-audio-album-street"]}?limit=2`, token);
    expect(limited.body.data.list).toHaveLength(2);
    expect(limited.body.data.total).toBe(3);
  });

  it("R-CONTENT-2 a video album answers its status; later pages come from /peony/v3/album/tracks", async () => {
    const album = await server.get(`/inner/v3/album/video/${ids["demo-video-album-city"]}`, token);
    expect(album.body.data.album_status).toEqual({ status: 1, total: 3 });
    expect(album.body.data.list[0].src).toBe("/media/video/metro-line5.mp4");
    const page2 = await server.get(`/peony/v3/album/tracks/video/${ids["demo-video-album-city"]}?page=2&size=2`, token);
    expect(page2.status).toBe(200);
    expect(page2.body.data.list.map((t: any) => t.episode)).toEqual([3]);
    // an album asked under the other series is not found
    const wrong = await server.get(`/inner/v3/album/audio/${ids["demo-video-album-city"]}`, token);
    expect(wrong.status).toBe(404);
    expect(wrong.body.code).toBe(10024);
  });

  it("R-CONTENT-1 a withdrawn track leaves the album and its count", async () => {
    await withdraw("demo-audio-street-2", 100);
    const album = await server.get(`/inner/v3/album/audio/${ids["demo-audio-album-street"]}`, token);
    expect(album.body.data.list.map((t: any) => t.title)).not.toContain("第2集｜梧桐里的早点摊");
    expect(album.body.data.total).toBe(2);
    await withdraw("demo-audio-street-2", 0);
  });

  it("R-UI-LISTS related albums: the album's relations, else the latest albums of its kind", async () => {
    const video = await server.get(`/inner/v3/albums/relates/${ids["demo-video-album-city"]}`, token);
    expect(video.status).toBe(200);
    expect(video.body.data.list.map((c: any) => c.content_type)).toEqual(["audio_album"]);
    const audio = await server.get(`/inner/v3/albums/relates/${ids["demo-audio-album-street"]}`, token);
    expect(audio.body.data.list).toEqual([]);
    const notAlbum = await server.get(`/inner/v3/albums/relates/${ids["demo-article-01"]}`, token);
    expect(notAlbum.status).toBe(404);
  });

  it("R-CONTENT-9 a special answers sections and groups with their items, pagesize 50 and batch_size 50", async () => {
    const gid = ids["demo-special-renewal"];
    const { status, body } = await server.get(
      `/inner/special?gid=${gid}&pageindex=1&pagesize=50&batch_size=50&page_offset=0`,
      token,
    );
    expect(status).toBe(200);
    expect(body.data.sections[0].title).toBe("专题导语");
    expect(body.data.total_groups).toBe(3);
    expect(body.data.groups.map((g: any) => [g.name, g.collapse, g.total])).toEqual([
      ["民生工程", false, 3],
      ["视听江澜", false, 4],
      ["更多报道", true, 5],
    ]);
    expect(body.data.groups[0].content_list[0].content_type).toBe("article");
    const batch = await server.get(
      `/inner/special?gid=${gid}&pagesize=1&pageindex=3&batch_size=2&page_offset=1`,
      token,
    );
    expect(batch.body.data.groups).toHaveLength(1);
    expect(batch.body.data.groups[0].name).toBe("更多报道");
    expect(batch.body.data.groups[0].content_list).toHaveLength(2);
  });

  it("R-UI-LISTS hot list: published in the last 72 hours, most viewed first", async () => {
    const hour = 60 * 60 * 1000;
    // demo times are fixed dates: bring a few items into the window, one just outside it
    for (const [externalId, hoursAgo] of [
      ["demo-video-marathon", 5],
      ["demo-svideo-ginkgo", 30],
      ["demo-gallery-autumn", 71],
      ["demo-audio-morning", 73],
    ] as const) {
      await server.database.handle.db
        .updateTable("contents")
        .set({ publish_at: Date.now() - hoursAgo * hour })
        .where("external_id", "=", externalId)
        .execute();
    }
    const old = Date.now() - 80 * hour;
    await server.database.handle.db
      .updateTable("contents")
      .set({ view_count: 99_999_999, publish_at: old })
      .where("external_id", "=", "demo-video-river")
      .execute();
    const { status, body } = await server.get("/inner/static/hot72", token);
    expect(status).toBe(200);
    const views = body.data.list.map((c: any) => c.view_count);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(body.data.list.length).toBeGreaterThan(0);
    expect(body.data.list.length).toBeLessThanOrEqual(10);
    const titles = body.data.list.map((c: any) => c.title);
    expect(titles).not.toContain("澜溪河生态修复三年 白鹭成群归来");
    expect(titles).not.toContain("江澜早新闻｜地铁5号线首周客流破百万");
    expect(titles).toContain("组图｜深秋江澜：银杏、白鹭与热闹的市集");
    for (const card of body.data.list) expect(Date.parse(card.publish_at)).toBeGreaterThan(Date.now() - 72 * 3600e3);
  });

  it("R-CONTENT-9 editors' recommended list in their order, size 10 by default", async () => {
    const { status, body } = await server.get("/peony/v1/recommend?page=1&size=10", token);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 5, page: 1, size: 10 });
    expect(body.data.list.map((c: any) => c.content_type)).toEqual([
      "video",
      "image",
      "audio_album",
      "special",
      "svideo",
    ]);
    const page2 = await server.get("/peony/v1/recommend?page=2&size=2", token);
    expect(page2.body.data.list.map((c: any) => c.content_type)).toEqual(["audio_album", "special"]);
  });

  it("R-CONTENT-1 every type answers 404 with code 10024 when withdrawn (state 17 or 100)", async () => {
    const cases: [string, string][] = [
      ["demo-video-marathon", "/inner/static/content/"],
      ["demo-svideo-ginkgo", "/inner/static/content/"],
      ["demo-audio-morning", "/inner/static/content/"],
      ["demo-gallery-autumn", "/inner/static/content/"],
      ["demo-mini-program-service", "/inner/static/content/"],
      ["demo-live-marathon", "/inner/static/content/"],
      ["demo-audio-album-street", "/inner/v3/album/audio/"],
      ["demo-video-album-city", "/inner/v3/album/video/"],
      ["demo-special-renewal", "/inner/special?gid="],
    ];
    for (const [index, [externalId, path]] of cases.entries()) {
      const state = index % 2 ? 17 : 100;
      await withdraw(externalId, state);
      const { status, body } = await server.get(path + ids[externalId], token);
      expect(status, externalId).toBe(404);
      expect(body, externalId).toEqual({ code: 10024, msg: "内容不存在或已下线", data: null });
      await withdraw(externalId, 0);
    }
    // withdrawn items leave the lists too
    await withdraw("demo-video-marathon", 17);
    const recommend = await server.get("/peony/v1/recommend", token);
    expect(recommend.body.data.list.map((c: any) => c.post_id)).not.toContain(ids["demo-video-marathon"]);
    await withdraw("demo-video-marathon", 0);
  });

  it("R-SRV-4 unknown or undecodable ids get a 4xx envelope, never a 500", async () => {
    for (const path of [
      "/inner/v3/album/audio/notAnId",
      "/inner/v3/album/video/zzzzzzzzzzzz",
      "/peony/v3/album/tracks/audio/notAnId",
      "/inner/v3/albums/relates/notAnId",
      "/inner/special?gid=notAnId",
      "/inner/v3/album/audio/%E4%B8%AD%E6%96%87",
      "/inner/special?gid=a%20b",
    ]) {
      const { status, body } = await server.get(path, token);
      expect([400, 404], path).toContain(status);
      expect(body.data, path).toBeNull();
      expect(typeof body.msg, path).toBe("string");
    }
  });

  it("R-SRV-4 bad query params get a 400 envelope", async () => {
    const album = ids["demo-audio-album-street"];
    for (const path of [
      `/inner/v3/album/audio/${album}?limit=0`,
      `/inner/v3/album/audio/${album}?limit=abc`,
      `/inner/v3/album/audio/${album}?limit=1000`,
      `/peony/v3/album/tracks/podcast/${album}`,
      `/peony/v3/album/tracks/audio/${album}?page=0`,
      "/inner/special",
      `/inner/special?gid=${ids["demo-special-renewal"]}&pagesize=51`,
      `/inner/special?gid=${ids["demo-special-renewal"]}&page_offset=-1`,
      "/inner/static/hot72?size=0",
      "/peony/v1/recommend?page=0",
      "/peony/v1/recommend?size=x",
    ]) {
      const { status, body } = await server.get(path, token);
      expect(status, path).toBe(400);
      expect(body.code, path).toBe(400);
      expect(body.data, path).toBeNull();
      expect(body.msg, path).toMatch(/^参数错误/);
    }
  });

  it("R-API-AUTH the content-type endpoints need a token", async () => {
    for (const path of [
      "/inner/static/hot72",
      "/peony/v1/recommend",
      `/inner/special?gid=${ids["demo-special-renewal"]}`,
    ]) {
      const { status, body } = await server.get(path, null);
      expect(status, path).toBe(401);
      expect(body.code, path).toBe(401);
    }
  });
});
