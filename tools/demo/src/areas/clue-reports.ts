import type { Database } from "@davmu/api/db/schema";
import {
  createClueReport,
  type NewClueReport,
  saveClueReporter,
  saveClueTopic,
  setReporterPosts,
} from "@davmu/api/modules/clue-reports/repository";
import { createPichoRepository } from "@davmu/api/modules/picho/repository";
import type { Kysely } from "kysely";

const hour = 60 * 60 * 1000;
const pic = (path: string, height = 500) => ({ url: `/media/${path}`, width: 750, height });

/** The open column of the demo (picho): its resource id. */
export const demoPichoRid = "jianglan";

const reporters = [
  {
    externalKey: "demo-reporter-lin",
    name: "林晓澜",
    avatar: "/media/avatars/reporter-lin.svg",
    title: "江澜新闻 民生记者",
    bio: "跑民生线第九年，关注老旧小区、交通出行和街坊身边的难事。有事您@我。",
    followerCount: 12860,
    posts: ["demo-article-01", "demo-article-04", "demo-article-10"],
  },
  {
    externalKey: "demo-reporter-zhou",
    name: "周启明",
    avatar: "/media/avatars/reporter-zhou.svg",
    title: "江澜新闻 城建记者",
    bio: "城建与生态报道，关注河道治理、道路施工和公共设施。",
    followerCount: 8342,
    posts: ["demo-article-02", "demo-article-09"],
  },
];

const topics = [
  { name: "街坊身边事", description: "家门口的大事小情，说给记者听。", cover: "/media/gallery/market-1.jpg" },
  {
    name: "出行难题",
    description: "堵点、断头路、公交站台……出行路上的烦心事。",
    cover: "/media/covers/article-02.jpg",
  },
  {
    name: "生态环境",
    description: "河湖水质、噪声扬尘、城市绿地，一起守护江澜的好环境。",
    cover: "/media/gallery/river-1.jpg",
  },
];

type DemoReport = Omit<NewClueReport, "mentions" | "handlerId" | "relatedPostIds" | "reportedAt" | "timeline"> & {
  key: string;
  hoursAgo: number;
  handler?: number;
  mentions?: number[];
  posts?: string[];
  steps?: Array<{ status: NewClueReport["status"] & string; note: string; hoursAgo: number }>;
  replyHoursAgo?: number;
};

const reports: DemoReport[] = [
  {
    key: "demo-clue-01",
    title: "梧桐巷路灯坏了半个月，晚上回家一路摸黑",
    content:
      "梧桐巷从巷口到17号这一段，三盏路灯坏了快半个月了，晚上七点以后整条巷子黑乎乎的。\n\n巷子里住的老人多，前天晚上隔壁王阿姨下台阶时差点摔倒。希望有关部门尽快来修一修。",
    author: { alias: "梧桐巷住户", avatar: "/media/avatars/reader-2.svg" },
    location: "江澜市老城区梧桐巷",
    pictures: [pic("gallery/market-1.jpg"), pic("gallery/park-1.jpg")],
    topics: ["街坊身边事"],
    status: "resolved",
    hoursAgo: 9 * 24,
    handler: 0,
    mentions: [0],
    viewSum: 5321,
    steps: [
      { status: "pending", note: "报料已提交", hoursAgo: 9 * 24 },
      { status: "accepted", note: "民生记者林晓澜已受理", hoursAgo: 9 * 24 - 3 },
      { status: "following", note: "记者联系市政路灯所，已派员现场查看", hoursAgo: 8 * 24 },
      { status: "resolved", note: "三盏路灯已全部更换为LED灯，恢复照明", hoursAgo: 6 * 24 },
    ],
    reply: {
      content: "您好，路灯所已在周三下午更换了三盏路灯，线路老化的问题也一并处理了。感谢您的报料，晚上出行注意安全！",
      repliedAt: 0,
    },
    replyHoursAgo: 6 * 24,
    posts: ["demo-article-01"],
  },
  {
    key: "demo-clue-02",
    title: "地铁5号线东站出口到公交站没有遮雨棚",
    content:
      "5号线开通后每天坐地铁上班，东站B口出来到公交站要走两百多米露天路段，下雨天只能一路小跑。\n\n能不能加个连廊或者遮雨棚？早晚高峰人很多。",
    author: { alias: "通勤的小陈", avatar: "/media/avatars/reader-3.svg" },
    location: "江澜地铁5号线东站B口",
    pictures: [pic("covers/article-02.jpg", 422)],
    topics: ["出行难题", "街坊身边事"],
    status: "following",
    hoursAgo: 4 * 24,
    handler: 1,
    mentions: [1, 0],
    viewSum: 3876,
    steps: [
      { status: "pending", note: "报料已提交", hoursAgo: 4 * 24 },
      { status: "accepted", note: "城建记者周启明已受理", hoursAgo: 4 * 24 - 5 },
      { status: "following", note: "已向轨道集团和交通局了解规划，等待答复", hoursAgo: 3 * 24 },
    ],
    reply: {
      content: "轨道集团表示东站出口连廊已列入二期接驳工程，我们会持续跟进进度，有消息第一时间告诉大家。",
      repliedAt: 0,
    },
    replyHoursAgo: 2 * 24,
    posts: ["demo-article-02"],
  },
  {
    key: "demo-clue-03",
    title: "澜溪河下游又见白鹭群，拍到二十多只",
    content: "今天早上在澜溪河下游步道散步，看到二十多只白鹭在浅滩觅食，前几年可见不到这样的景象。分享几张照片给大家！",
    author: { alias: "爱拍鸟的老何", avatar: "/media/avatars/reader-4.svg" },
    location: "澜溪河下游生态步道",
    pictures: [pic("gallery/river-1.jpg"), pic("gallery/ginkgo-1.jpg"), pic("gallery/ginkgo-2.jpg")],
    video: { src: "/media/video/river-egrets.mp4", poster: "/media/posters/river-egrets.jpg", duration_str: "00:32" },
    topics: ["生态环境"],
    status: "resolved",
    hoursAgo: 12 * 24,
    handler: 1,
    mentions: [1],
    viewSum: 9120,
    steps: [
      { status: "pending", note: "报料已提交", hoursAgo: 12 * 24 },
      { status: "accepted", note: "城建记者周启明已受理", hoursAgo: 12 * 24 - 2 },
      { status: "resolved", note: "已采写成稿《澜溪河生态修复三年 水清岸绿白鹭又回来了》", hoursAgo: 10 * 24 },
    ],
    reply: { content: "谢谢老何的照片！我们已经把它们用在了澜溪河生态修复的报道里。", repliedAt: 0 },
    replyHoursAgo: 10 * 24,
    posts: ["demo-article-09"],
  },
  {
    key: "demo-clue-04",
    title: "建设路夜间施工噪音太大，凌晨一点还在打桩",
    content: "建设路和滨江路交叉口的工地，这一周每天晚上都施工到凌晨一两点，打桩声震得窗户都响，家里孩子睡不好觉。",
    author: { alias: "滨江花园业主", avatar: "/media/avatars/reader-5.svg" },
    location: "建设路与滨江路交叉口",
    pictures: [pic("covers/article-08.jpg", 422)],
    topics: ["生态环境", "街坊身边事"],
    status: "accepted",
    hoursAgo: 30,
    handler: 0,
    mentions: [0],
    viewSum: 1543,
    steps: [
      { status: "pending", note: "报料已提交", hoursAgo: 30 },
      { status: "accepted", note: "民生记者林晓澜已受理", hoursAgo: 26 },
    ],
  },
  {
    key: "demo-clue-05",
    title: "银杏大道周末停车难，希望增设临时停车点",
    content: "银杏大道这两周进入观赏期，周末来的人特别多，路边违停把非机动车道都占了。建议在附近学校操场开放临时停车。",
    author: { alias: "周末出游党", avatar: "/media/avatars/reader-6.svg" },
    location: "江澜银杏大道",
    pictures: [pic("gallery/ginkgo-2.jpg")],
    topics: ["出行难题"],
    status: "pending",
    hoursAgo: 5,
    mentions: [1],
    viewSum: 612,
  },
];

/** Short tips from the neighbourhood, so the busiest topic fills more than one page of its channel list. */
const shortTips: Array<[title: string, text: string, alias: string, views: number]> = [
  [
    "菜市场门口的减速带松了，车一过哐哐响",
    "东门菜市场入口的减速带螺丝掉了好几颗，每过一辆车都响得厉害。",
    "早起买菜的刘姐",
    488,
  ],
  ["小区充电桩坏了两个，晚上排队充电", "幸福里小区东侧六个电动车充电桩坏了两个，下班回来要排很久。", "幸福里住户", 402],
  [
    "公园健身器材扶手断了，孩子差点受伤",
    "滨河公园北角的漫步机扶手断了，断口很锋利，希望尽快围起来维修。",
    "带娃的小王",
    377,
  ],
  [
    "老年食堂中午排长队，能否增加窗口",
    "桂花社区老年食堂中午十一点半开始排队，只开一个窗口，老人站不住。",
    "桂花社区志愿者",
    351,
  ],
  ["人行道上的共享单车堆成山", "文化路地铁口的人行道被共享单车堆满，推婴儿车根本过不去。", "文化路上班族", 298],
  [
    "路口红绿灯时间太短，老人过不完马路",
    "人民路与解放路路口行人绿灯只有15秒，老人走到一半就变红灯了。",
    "热心市民老周",
    263,
  ],
  ["学校门口早高峰临停拥堵", "实验小学门口每天早上七点半送孩子的车排到主路上，希望安排疏导。", "二年级家长", 219],
  ["楼道里的消防栓没有水", "翠湖苑5栋楼道的消防栓打开是空的，请物业和消防部门看看。", "翠湖苑业主", 187],
];

/**
 * The demo clue reports (dejin): two reporters with their news items, three recommended topics,
 * five reports with pictures (one with a video), follow-up timelines and replies, eight short tips; and an open column
 * (picho) with two catalogs of items. Idempotent by stable keys.
 */
export async function seedDemoClueReports(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const articles = await db
    .selectFrom("contents")
    .select(["id", "external_id"])
    .where("external_id", "like", "demo-article-%")
    .execute();
  const articleId = new Map(articles.map((a) => [a.external_id, a.id]));
  const ids = (keys: string[] = []) => keys.flatMap((k) => (articleId.has(k) ? [articleId.get(k) as number] : []));

  const reporterIds: number[] = [];
  for (const reporter of reporters) {
    const { id } = await saveClueReporter(db, reporter, now);
    reporterIds.push(id);
    await setReporterPosts(db, id, ids(reporter.posts));
  }
  for (const [position, topic] of topics.entries()) {
    await saveClueTopic(db, { ...topic, recommendPosition: position }, now);
  }
  for (const report of reports) {
    const { key, hoursAgo, handler, mentions, posts, steps, replyHoursAgo, reply, ...rest } = report;
    await createClueReport(
      db,
      {
        ...rest,
        externalKey: key,
        reportedAt: now - hoursAgo * hour,
        handlerId: handler === undefined ? null : (reporterIds[handler] ?? null),
        mentions: (mentions ?? []).map((m) => reporterIds[m] as number),
        relatedPostIds: ids(posts),
        timeline: steps?.map((s) => ({ status: s.status, note: s.note, at: now - s.hoursAgo * hour })),
        reply: reply ? { content: reply.content, repliedAt: now - (replyHoursAgo ?? 0) * hour } : null,
      },
      now,
    );
  }
  for (const [index, [title, content, alias, viewSum]] of shortTips.entries()) {
    await createClueReport(
      db,
      {
        externalKey: `demo-clue-tip-${index + 1}`,
        title,
        content,
        author: { alias, avatar: `/media/avatars/reader-${(index % 6) + 1}.svg` },
        topics: ["街坊身边事"],
        status: index % 3 === 0 ? "accepted" : "pending",
        reportedAt: now - (2 + index * 7) * hour,
        viewSum,
      },
      now,
    );
  }
  await seedDemoPicho(db, now);
}

async function seedDemoPicho(db: Kysely<Database>, now: number) {
  const picho = createPichoRepository(db);
  const catalogs = [
    {
      id: "minsheng",
      name: "民生追踪",
      description: "报料之后怎么样了？记者持续追踪。",
      cover: "/media/gallery/market-1.jpg",
    },
    { id: "shengtai", name: "生态观察", description: "记录江澜的山水变化。", cover: "/media/gallery/river-1.jpg" },
  ];
  for (const [position, catalog] of catalogs.entries()) {
    await picho.saveCatalog({ rid: demoPichoRid, ...catalog, position });
  }
  const items = [
    [
      "9f1c2a4e-0001-4c3a-9d21-5b7e3a1c0001",
      "minsheng",
      "梧桐巷路灯修好了 街坊夜归不再摸黑",
      "市政路灯所接到报料后三天内更换了三盏路灯。",
      "/media/gallery/park-1.jpg",
      20,
    ],
    [
      "9f1c2a4e-0002-4c3a-9d21-5b7e3a1c0002",
      "minsheng",
      "地铁东站出口连廊列入二期接驳工程",
      "轨道集团回应读者报料：东站B口连廊明年动工。",
      "/media/covers/article-02.jpg",
      50,
    ],
    [
      "9f1c2a4e-0003-4c3a-9d21-5b7e3a1c0003",
      "minsheng",
      "夜间施工扰民？记者带你看审批公示怎么查",
      "夜间施工须取得许可并公示，市民可通过三种途径查询。",
      "",
      28,
    ],
    [
      "9f1c2a4e-0004-4c3a-9d21-5b7e3a1c0004",
      "shengtai",
      "澜溪河白鹭回归 读者镜头里的生态变化",
      "一位观鸟爱好者的镜头记录了澜溪河三年的变化。",
      "/media/gallery/river-1.jpg",
      240,
    ],
    [
      "9f1c2a4e-0005-4c3a-9d21-5b7e3a1c0005",
      "shengtai",
      "银杏大道观赏期延长 这份停车指南请收好",
      "临时停车点已在周边三所学校开放。",
      "/media/gallery/ginkgo-1.jpg",
      8,
    ],
  ] as const;
  for (const [uuid, catalog, title, summary, cover, hoursAgo] of items) {
    await picho.saveContent({
      uuid,
      rid: demoPichoRid,
      catalog_id: catalog,
      title,
      summary,
      cover,
      source: "江澜新闻",
      author: catalog === "shengtai" ? "周启明" : "林晓澜",
      body_html: `<p>${summary}</p><p>本报记者跟进读者报料，走访现场并向相关部门核实。后续进展，我们将持续关注。</p>${
        cover ? `<p><img src="${cover}" alt="${title}" width="750" height="500"></p>` : ""
      }<p>欢迎继续通过“报料”栏目向我们反映身边事。</p>`,
      publish_at: now - hoursAgo * hour,
      view_count: 800 + hoursAgo * 37,
    });
  }
}
