import type { Database } from "@davmu/api/db/schema";
import { circlesDb } from "@davmu/api/modules/circles/tables";
import type { Kysely } from "kysely";

const hour = 60 * 60 * 1000;
const media = (name: string) => `/media/community/${name}`;
const picture = (name: string, width: number, height: number) => ({ url: media(`${name}.jpg`), width, height });

/** The demo circle's hashtags, with the introductions their pages show. */
const demoTopics: Record<string, string> = {
  澜江晨跑: "在澜江边迎着日出奔跑，晒出你的晨跑时刻。",
  江澜半程马拉松: "江澜半马的报名、训练和完赛故事都在这里。",
  我的第一次半马: "第一次站上半马起点的心情，和冲过终点的那一刻。",
  夜跑路线: "下班后去哪儿跑？分享安全、好跑的夜跑路线。",
  周末约跑: "周末一起跑，跑完一起吃早饭。",
  跑步伤病: "膝盖、脚踝、小腿……跑友们的伤病经验与求助。",
};

/** Demo readers by their phone (demo-community.ts), so the demo circle's authors are real accounts. */
const reader = {
  editor: "13800138000",
  cat: "13800138001",
  li: "13800138002",
  runner: "13800138003",
  zhen: "13800138004",
  museum: "13800138005",
} as const;
type Reader = keyof typeof reader;

interface DemoPost {
  key: string;
  by: Reader;
  hoursAgo: number;
  text: string;
  pictures: ReturnType<typeof picture>[];
  topics: string[];
  likes: number;
  comments: { by: Reader; hoursAgo: number; text: string; likes: number }[];
}

const demoPosts: DemoPost[] = [
  {
    key: "demo-circle-post-1",
    by: "runner",
    hoursAgo: 2,
    text: "今天早上六点半，澜江大桥下集合，一共来了二十三位跑友。江面起了薄雾，太阳从桥墩之间升起来的那一刻，大家都停下来拍照。配速不重要，重要的是一起出发。",
    pictures: [picture("dawn-river", 1080, 720)],
    topics: ["澜江晨跑"],
    likes: 128,
    comments: [
      { by: "cat", hoursAgo: 1.5, text: "这张照片太美了，明天我也来！", likes: 12 },
      { by: "li", hoursAgo: 1, text: "大桥下面那段路刚翻修过，跑起来很舒服。", likes: 5 },
      { by: "zhen", hoursAgo: 0.5, text: "薄雾加日出，起早果然是值得的。", likes: 3 },
    ],
  },
  {
    key: "demo-circle-post-2",
    by: "li",
    hoursAgo: 26,
    text: "第一次跑完半程马拉松！最后三公里腿像灌了铅，是路边的加油声把我推过了终点线。感谢跑团的配速员一路带着，2小时05分，给自己鼓个掌。",
    pictures: [picture("finish-line", 1080, 1080), picture("medal", 1080, 1080)],
    topics: ["江澜半程马拉松", "我的第一次半马"],
    likes: 356,
    comments: [
      { by: "runner", hoursAgo: 25, text: "恭喜老李！下次冲击两小时以内。", likes: 31 },
      { by: "editor", hoursAgo: 24, text: "完赛奖牌真好看，恭喜完赛！", likes: 18 },
      { by: "museum", hoursAgo: 20, text: "看得我也想报名了。", likes: 6 },
      { by: "cat", hoursAgo: 18, text: "最后三公里真的是意志力的比拼。", likes: 9 },
    ],
  },
  {
    key: "demo-circle-post-3",
    by: "cat",
    hoursAgo: 50,
    text: "下班后的夜跑路线分享：滨江步道从音乐喷泉到老码头，单程五公里，路灯亮、人不多，适合新手。记得穿反光背心，过老码头路口要看车。",
    pictures: [picture("night-run", 1080, 720)],
    topics: ["夜跑路线"],
    likes: 87,
    comments: [],
  },
  {
    key: "demo-circle-post-4",
    by: "zhen",
    hoursAgo: 74,
    text: "银杏大道的叶子全黄了，跑着跑着就忘了累。周六早上八点我们在公园东门集合慢跑，欢迎新朋友，跑完一起去吃米粉。",
    pictures: [picture("ginkgo-trail", 720, 960)],
    topics: ["周末约跑", "澜江晨跑"],
    likes: 203,
    comments: [
      { by: "runner", hoursAgo: 70, text: "报名！米粉我请。", likes: 15 },
      { by: "museum", hoursAgo: 60, text: "新手配速七分半可以跟吗？", likes: 4 },
    ],
  },
  {
    key: "demo-circle-post-5",
    by: "museum",
    hoursAgo: 98,
    text: "请教各位跑友：膝盖外侧跑到八公里左右就开始疼，休息两天就好，再跑又疼。是不是髂胫束的问题？平时需要做哪些拉伸？",
    pictures: [],
    topics: ["跑步伤病"],
    likes: 45,
    comments: [
      { by: "li", hoursAgo: 96, text: "很像髂胫束综合征，泡沫轴滚一滚大腿外侧，再练练臀中肌。", likes: 22 },
      { by: "runner", hoursAgo: 90, text: "疼的时候先停跑，严重的话还是去医院运动医学科看看。", likes: 17 },
    ],
  },
  {
    key: "demo-circle-post-6",
    by: "editor",
    hoursAgo: 122,
    text: "江澜半程马拉松今天开始报名，名额八千个，先到先得。跑团会在赛前组织三次拉练，时间和地点见圈子公告，新老跑友都欢迎。",
    pictures: [picture("circle-cover", 750, 422)],
    topics: ["江澜半程马拉松"],
    likes: 512,
    comments: [{ by: "zhen", hoursAgo: 120, text: "已报名，第一次参加半马，有点紧张。", likes: 8 }],
  },
];

/**
 * The demo circle 江澜跑团 (decision 035): the six demo readers as its newest members, six posts with
 * local pictures, six hashtags and comments. Idempotent: rows are matched by their keys and names,
 * and the demo posts' hashtags and comments are written again from scratch.
 */
export async function seedDemoCircles(database: Kysely<Database>, now = Date.now()): Promise<{ posts: number }> {
  const db = circlesDb(database);
  const users = await db
    .selectFrom("users")
    .select(["id", "phone"])
    .where("phone", "in", Object.values(reader))
    .execute();
  const userId = (who: Reader) => {
    const row = users.find((u) => u.phone === reader[who]);
    if (!row) throw new Error(`demo reader ${reader[who]} is missing`);
    return row.id;
  };
  const values = {
    name: "江澜跑团",
    cover_url: media("circle-cover.jpg"),
    intro:
      "江澜最热闹的跑步圈子：每周三次澜江晨跑，周末约跑，赛季一起备战江澜半马。新手老手都欢迎，跑得慢没关系，我们等你。",
    member_count: 1286,
    state: 0,
  };
  const circle = await db
    .insertInto("circles")
    .values({ key: "demo-circle-running", ...values, created_at: now - 400 * 24 * hour })
    .onConflict((oc) => oc.column("key").doUpdateSet(values))
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [i, who] of (Object.keys(reader) as Reader[]).entries()) {
    await db
      .insertInto("circle_members")
      .values({ circle_id: circle.id, user_id: userId(who), joined_at: now - (i + 1) * 24 * hour })
      .onConflict((oc) => oc.columns(["circle_id", "user_id"]).doNothing())
      .execute();
  }
  const topicIds = new Map<string, number>();
  for (const [name, intro] of Object.entries(demoTopics)) {
    const row = await db
      .insertInto("circle_topics")
      .values({ name, intro, created_at: now - 300 * 24 * hour })
      .onConflict((oc) => oc.column("name").doUpdateSet({ intro }))
      .returning("id")
      .executeTakeFirstOrThrow();
    topicIds.set(name, row.id);
  }
  for (const post of demoPosts) {
    const row = {
      circle_id: circle.id,
      user_id: userId(post.by),
      body: post.text,
      pictures_json: JSON.stringify(post.pictures),
      like_count: post.likes,
      comment_count: post.comments.length,
      state: 0,
      created_at: now - post.hoursAgo * hour,
    };
    const saved = await db
      .insertInto("circle_posts")
      .values({ key: post.key, ...row })
      .onConflict((oc) => oc.column("key").doUpdateSet(row))
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.deleteFrom("circle_post_topics").where("post_id", "=", saved.id).execute();
    await db
      .insertInto("circle_post_topics")
      .values(post.topics.map((name) => ({ post_id: saved.id, topic_id: topicIds.get(name) as number })))
      .execute();
    await db.deleteFrom("circle_comments").where("post_id", "=", saved.id).execute();
    for (const comment of post.comments) {
      await db
        .insertInto("circle_comments")
        .values({
          post_id: saved.id,
          user_id: userId(comment.by),
          body: comment.text,
          like_count: comment.likes,
          state: 0,
          created_at: now - comment.hoursAgo * hour,
        })
        .execute();
    }
  }
  return { posts: demoPosts.length };
}
