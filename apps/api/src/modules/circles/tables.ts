import type { Generated, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** The circle tables of migration 015 (decision 035), typed beside the only code that reads them. */
export type CircleTables = {
  circles: {
    id: Generated<number>;
    key: string;
    name: string;
    cover_url: string;
    intro: string;
    /** kept by the app as readers join and leave; the share pages only read it */
    member_count: number;
    /** 0 open; anything else is not shown */
    state: number;
    created_at: number;
  };
  circle_members: { circle_id: number; user_id: number; joined_at: number };
  circle_posts: {
    id: Generated<number>;
    key: string;
    circle_id: number;
    user_id: number;
    body: string;
    /** [{url, width, height}] */
    pictures_json: string;
    like_count: number;
    comment_count: number;
    /** 0 published; anything else is not shown */
    state: number;
    created_at: number;
  };
  circle_topics: { id: Generated<number>; name: string; intro: string; created_at: number };
  circle_post_topics: { post_id: number; topic_id: number };
  circle_comments: {
    id: Generated<number>;
    post_id: number;
    user_id: number;
    body: string;
    like_count: number;
    state: number;
    created_at: number;
  };
};

/** The database as the circles module sees it: the application's tables and its own. */
export type CirclesDb = Kysely<Database & CircleTables>;

export function circlesDb(db: Kysely<Database>): CirclesDb {
  return db.withTables<CircleTables>();
}
