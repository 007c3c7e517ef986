import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import { type CirclesDb, circlesDb } from "./tables.ts";

/** A post as the pages show it: the post, its author and its circle, in one row. */
export interface PostRow {
  id: number;
  body: string;
  pictures_json: string;
  like_count: number;
  comment_count: number;
  created_at: number;
  user_id: number;
  alias: string;
  avatar: string;
  circle_id: number;
  circle_name: string;
  circle_cover: string;
}

export interface UserRow {
  id: number;
  alias: string;
  avatar: string;
}

const published = 0;

function postQuery(db: CirclesDb) {
  return db
    .selectFrom("circle_posts as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .innerJoin("circles as c", "c.id", "p.circle_id")
    .select([
      "p.id",
      "p.body",
      "p.pictures_json",
      "p.like_count",
      "p.comment_count",
      "p.created_at",
      "u.id as user_id",
      "u.alias",
      "u.avatar",
      "c.id as circle_id",
      "c.name as circle_name",
      "c.cover_url as circle_cover",
    ])
    .where("p.state", "=", published)
    .where("c.state", "=", published);
}

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

/** Circles, their posts, hashtags and comments, as the share pages read them (decision 035). */
export function createCircleRepository(database: Kysely<Database>) {
  const db = circlesDb(database);
  return {
    findCircle: (id: number) =>
      db.selectFrom("circles").selectAll().where("id", "=", id).where("state", "=", published).executeTakeFirst(),

    /** The newest members first. */
    members: (circleId: number, limit: number): Promise<UserRow[]> =>
      db
        .selectFrom("circle_members as m")
        .innerJoin("users as u", "u.id", "m.user_id")
        .select(["u.id", "u.alias", "u.avatar"])
        .where("m.circle_id", "=", circleId)
        .orderBy("m.joined_at", "desc")
        .orderBy("u.id", "desc")
        .limit(limit)
        .execute(),

    async postCount(circleId: number): Promise<number> {
      const row = await db
        .selectFrom("circle_posts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("circle_id", "=", circleId)
        .where("state", "=", published)
        .executeTakeFirst();
      return count(row);
    },

    /** The circle's hashtags with the most posts first. */
    async busiestTopics(circleId: number, limit: number): Promise<{ name: string; post_count: number }[]> {
      const rows = await db
        .selectFrom("circle_post_topics as pt")
        .innerJoin("circle_posts as p", "p.id", "pt.post_id")
        .innerJoin("circle_topics as t", "t.id", "pt.topic_id")
        .select(["t.name", (eb) => eb.fn.countAll<number>().as("n")])
        .where("p.circle_id", "=", circleId)
        .where("p.state", "=", published)
        .groupBy("t.name")
        .orderBy("n", "desc")
        .orderBy("t.name")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ name: row.name, post_count: count(row) }));
    },

    findPost: (id: number): Promise<PostRow | undefined> =>
      postQuery(db).where("p.id", "=", id).executeTakeFirst() as Promise<PostRow | undefined>,

    /** A page of a circle's posts, newest first. */
    postsOfCircle: (circleId: number, offset: number, limit: number): Promise<PostRow[]> =>
      postQuery(db)
        .where("p.circle_id", "=", circleId)
        .orderBy("p.created_at", "desc")
        .orderBy("p.id", "desc")
        .offset(offset)
        .limit(limit)
        .execute() as Promise<PostRow[]>,

    /** Each post's hashtags, in the order they were first used. */
    async topicsOf(postIds: number[]): Promise<Map<number, string[]>> {
      const topics = new Map<number, string[]>();
      if (postIds.length === 0) return topics;
      const rows = await db
        .selectFrom("circle_post_topics as pt")
        .innerJoin("circle_topics as t", "t.id", "pt.topic_id")
        .select(["pt.post_id", "t.name"])
        .where("pt.post_id", "in", postIds)
        .orderBy("t.id")
        .execute();
      for (const row of rows) {
        const list = topics.get(row.post_id) ?? [];
        list.push(row.name);
        topics.set(row.post_id, list);
      }
      return topics;
    },

    findTopic: (name: string) => db.selectFrom("circle_topics").selectAll().where("name", "=", name).executeTakeFirst(),

    /** A page of a hashtag's posts, newest first, in one circle when given. */
    topicPosts(topicId: number, circleId: number | null, offset: number, limit: number): Promise<PostRow[]> {
      let query = postQuery(db)
        .innerJoin("circle_post_topics as pt", "pt.post_id", "p.id")
        .where("pt.topic_id", "=", topicId);
      if (circleId !== null) query = query.where("p.circle_id", "=", circleId);
      return query
        .orderBy("p.created_at", "desc")
        .orderBy("p.id", "desc")
        .offset(offset)
        .limit(limit)
        .execute() as Promise<PostRow[]>;
    },

    async topicPostCount(topicId: number, circleId: number | null): Promise<number> {
      let query = db
        .selectFrom("circle_post_topics as pt")
        .innerJoin("circle_posts as p", "p.id", "pt.post_id")
        .innerJoin("circles as c", "c.id", "p.circle_id")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("pt.topic_id", "=", topicId)
        .where("p.state", "=", published)
        .where("c.state", "=", published);
      if (circleId !== null) query = query.where("p.circle_id", "=", circleId);
      return count(await query.executeTakeFirst());
    },

    /** The newest published comments of a post, with their authors. */
    newestComments: (postId: number, limit: number) =>
      db
        .selectFrom("circle_comments as m")
        .innerJoin("users as u", "u.id", "m.user_id")
        .select(["m.id", "m.body", "m.like_count", "m.created_at", "u.id as user_id", "u.alias", "u.avatar"])
        .where("m.post_id", "=", postId)
        .where("m.state", "=", published)
        .orderBy("m.created_at", "desc")
        .orderBy("m.id", "desc")
        .limit(limit)
        .execute(),
  };
}

export type CircleRepository = ReturnType<typeof createCircleRepository>;

declare module "fastify" {
  interface FastifyInstance {
    /** Circles (dimim): circles, posts, hashtags and comments (modules/circles). */
    circles: CircleRepository;
  }
}

export const circlesPlugin = repositoryPlugin("circles", "circles", (app: FastifyInstance) =>
  createCircleRepository(app.database.db),
);
