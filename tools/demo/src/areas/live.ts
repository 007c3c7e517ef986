import type { Database } from "@davmu/api/db/schema";
import { checkImport, writeImport } from "@davmu/api/modules/content/ingest";
import { createLiveRepository, type RoomSettings } from "@davmu/api/modules/live/repository";
import type { LiveTables } from "@davmu/api/modules/live/tables";
import type { EditorContentItem } from "@davmu/contracts/editor-content";
import type { LiveColumn } from "@davmu/contracts/live";
import { liveStatus } from "@davmu/contracts/live-values";
import type { Kysely } from "kysely";
import { demoUsers } from "../demo-community.ts";
import { demoThumb } from "../demo-content.ts";

const minute = 60 * 1000;
const hour = 60 * minute;

const chatColumns = (intro = "简介"): LiveColumn[] => [
  { enable_chat: true, group_id: "chat", link_url: "", name: "互动", type: "chat" },
  { enable_chat: false, group_id: "intro", link_url: "", name: intro, type: "intro" },
];

const disclaimer = "本直播内容由江澜新闻提供，仅供观看，未经授权不得转载、录制或用于商业用途。";

/** Two live items of the live module's own: a concert to book before it starts, and a replay. */
export function demoLiveItems(now: number): EditorContentItem[] {
  return [
    {
      external_id: "demo-live-concert",
      content_type: "live",
      title: "直播预告｜澜江之夜·冬季音乐会",
      summary: "江澜交响乐团在滨江音乐厅奏响冬季音乐会，预约直播，开演时提醒你。",
      source_alias: "江澜新闻",
      body_html: "<p>江澜交响乐团冬季音乐会将在滨江音乐厅上演，曲目包括《茉莉花》交响变奏与《春节序曲》。</p>",
      cover_url: "/media/posters/river-egrets.jpg",
      thumb_url: demoThumb("/media/posters/river-egrets.jpg"),
      publish_at: new Date(now - hour).toISOString(),
      group_id: "culture",
      view_count: 2680,
    },
    {
      external_id: "demo-live-museum-replay",
      content_type: "local_live",
      title: "直播回放｜江澜博物馆新馆开馆仪式",
      summary: "错过了开馆直播？回放来了：走进新馆，看三件镇馆之宝。",
      source_alias: "江澜新闻",
      body_html: "<p>江澜博物馆新馆开馆仪式直播回放。</p>",
      cover_url: "/media/posters/museum.jpg",
      thumb_url: demoThumb("/media/posters/museum.jpg"),
      publish_at: new Date(now - 50 * hour).toISOString(),
      group_id: "culture",
      view_count: 15230,
    },
  ];
}

function settings(partial: Partial<RoomSettings> & Pick<RoomSettings, "status" | "start_time">): RoomSettings {
  return {
    orientation: "landscape",
    end_time: null,
    intro: "",
    columns_json: JSON.stringify(chatColumns()),
    playlists_json: "[]",
    countdown_switch: 1,
    countdown_text: "距离直播开始",
    notice_switch: 0,
    notice_text: "",
    disclaimer,
    background_portrait: "",
    background_landscape: "",
    ...partial,
  };
}

const marathonChat = [
  "从起点一路跟着看，画面好清楚！",
  "我家就在滨江步道边上，下楼就能看到跑者",
  "领跑集团速度太快了，配速三分多吧",
  "补给站的志愿者辛苦了👍",
  "老城那段石板路跑起来会不会滑？",
  "主持人解说很专业",
  "我爸在第三集团，穿红色衣服的就是他哈哈",
  "今年参赛人数比去年多了好多",
  "东湖科创园那段风景最好",
  "加油加油！江澜马拉松越办越好",
  "直播比电视上还流畅",
  "终点见！",
];

/**
 * The demo live rooms (R-ENT-LIVE): the marathon live now with its chat, the ginkgo avenue live on a
 * portrait screen, the market as an image-text live, a concert upcoming in two hours (booked by the
 * first demo reader), and the museum's opening as a replay with its playlists.
 */
export async function seedDemoLive(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const checked = await checkImport(db, demoLiveItems(now));
  if (!checked.ok) throw new Error(`demo live items are invalid: ${JSON.stringify(checked.errors)}`);
  await writeImport(db, checked.items, { now });
  const items = new Map(
    (
      await db
        .selectFrom("contents")
        .select(["id", "external_id"])
        .where("external_id", "like", "demo-live-%")
        .execute()
    ).map((row) => [row.external_id, row.id] as const),
  );
  const live = createLiveRepository(db);
  const rooms: [string, RoomSettings][] = [
    [
      "demo-live-marathon",
      settings({
        status: liveStatus.live,
        start_time: now - 70 * minute,
        intro: "2026江澜马拉松全程直播：主机位跟随领跑集团，沿澜江、老城与东湖科创园，陪两万跑者跑完全程。",
        playlists_json: JSON.stringify([
          {
            cover: "/media/posters/marathon.jpg",
            name: "主机位",
            play_url: "/media/video/hls/marathon/index.m3u8",
            type: "hls",
          },
        ]),
        notice_switch: 1,
        notice_text: "赛事期间滨江路部分路段临时封闭，请市民合理安排出行。",
      }),
    ],
    [
      "demo-live-ginkgo",
      settings({
        status: liveStatus.live,
        orientation: "portrait",
        start_time: now - 3 * hour,
        intro: "镜头对准城东银杏大道，一个下午的金色落叶慢直播。",
        playlists_json: JSON.stringify([
          {
            cover: "/media/posters/ginkgo-vertical.jpg",
            name: "银杏大道",
            play_url: "/media/video/ginkgo-vertical.mp4",
            type: "mp4",
          },
        ]),
        background_portrait: "/media/posters/ginkgo-vertical.jpg",
      }),
    ],
    [
      "demo-live-market",
      settings({
        status: liveStatus.live,
        start_time: now - 2 * hour,
        intro: "记者在冬季农产品展销会现场，图文直播摊位、价格和新鲜货。",
      }),
    ],
    [
      "demo-live-concert",
      settings({
        status: liveStatus.upcoming,
        start_time: now + 2 * hour,
        intro: "江澜交响乐团冬季音乐会，曲目包括《茉莉花》交响变奏、《春节序曲》等。",
        columns_json: JSON.stringify([
          ...chatColumns("节目单"),
          { enable_chat: false, group_id: "tickets", link_url: "/davmu/share/", name: "购票", type: "link" },
        ]),
        playlists_json: JSON.stringify([
          {
            cover: "/media/posters/river-egrets.jpg",
            name: "音乐厅主机位",
            play_url: "/media/video/hls/marathon/index.m3u8",
            type: "hls",
          },
        ]),
        countdown_text: "距离开演还有",
        notice_switch: 1,
        notice_text: "预约直播，开演前提醒你；也可添加到手机日历。",
        background_landscape: "/media/posters/river-egrets.jpg",
      }),
    ],
    [
      "demo-live-museum-replay",
      settings({
        status: liveStatus.replay,
        start_time: now - 50 * hour,
        end_time: now - 48 * hour,
        intro: "江澜博物馆新馆开馆仪式回放：剪彩、馆长导览与三件镇馆之宝。",
        playlists_json: JSON.stringify([
          { cover: "/media/posters/museum.jpg", name: "开馆仪式", play_url: "/media/video/museum.mp4", type: "mp4" },
          {
            cover: "/media/posters/metro-line5.jpg",
            name: "乘地铁5号线去新馆",
            play_url: "/media/video/metro-line5.mp4",
            type: "mp4",
          },
        ]),
        countdown_switch: 0,
      }),
    ],
  ];
  for (const [externalId, room] of rooms) {
    const contentId = items.get(externalId);
    if (contentId !== undefined) await live.saveRoom(contentId, room, now);
  }

  // the marathon's chat, rebuilt from scratch, and the concert booked by the first demo reader
  const tables = db.withTables<LiveTables>();
  const users = await db
    .selectFrom("users")
    .select(["id", "phone"])
    .where(
      "phone",
      "in",
      demoUsers.map((user) => user.phone),
    )
    .orderBy("id")
    .execute();
  const marathon = items.get("demo-live-marathon");
  if (marathon !== undefined && users.length > 0) {
    await tables.deleteFrom("live_messages").where("content_id", "=", marathon).execute();
    for (const [index, body] of marathonChat.entries()) {
      await tables
        .insertInto("live_messages")
        .values({
          content_id: marathon,
          seq: index + 1,
          user_id: (users[index % users.length] as { id: number }).id,
          body,
          status: "published",
          created_at: now - (marathonChat.length - index) * 3 * minute,
        })
        .execute();
    }
    await tables
      .updateTable("live_rooms")
      .set({ last_seq: marathonChat.length, chat_count: marathonChat.length, like_count: 8642, share_count: 356 })
      .where("content_id", "=", marathon)
      .execute();
  }
  const concert = items.get("demo-live-concert");
  const reader = users[0];
  if (concert !== undefined && reader) {
    await tables
      .insertInto("live_bookings")
      .values({ content_id: concert, user_id: reader.id, created_at: now })
      .onConflict((oc) => oc.columns(["content_id", "user_id"]).doNothing())
      .execute();
    const { n } = await tables
      .selectFrom("live_bookings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("content_id", "=", concert)
      .executeTakeFirstOrThrow();
    await tables
      .updateTable("live_rooms")
      .set({ booking_count: Number(n) })
      .where("content_id", "=", concert)
      .execute();
  }
}
