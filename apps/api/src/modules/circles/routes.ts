import { calls } from "@davmu/contracts/calls";
import { circleDetailMembers, postDetailComments } from "@davmu/contracts/circles";
import type { FastifyInstance } from "fastify";
import { badRequest, notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { circleLinks, paging, presentComment, presentPost, presentUser, topicName } from "./present.ts";
import type { PostRow } from "./repository.ts";

/** Hashtags a circle's detail names. */
const circleDetailTopics = 6;

/** Circles (dimim, decision 035): a post, a circle, its posts and a hashtag's posts for the share pages. */
export async function circleRoutes(app: FastifyInstance) {
  const circles = app.circles;
  const codec = app.publicIds;
  const origin = app.config.publicOrigin;

  function findCircle(publicId: string) {
    return codec.require(
      publicId,
      (id) => circles.findCircle(id),
      () => notFound("圈子不存在或已关闭"),
    );
  }

  async function present(rows: PostRow[]) {
    const topics = await circles.topicsOf(rows.map((row) => row.id));
    return rows.map((row) => presentPost(codec, origin, row, topics.get(row.id) ?? []));
  }

  route(app, calls.circlePost, async (request) => {
    const row = await codec.require(
      request.query.id,
      (id) => circles.findPost(id),
      () => notFound("动态不存在或已删除"),
    );
    const [[post], comments] = await Promise.all([present([row]), circles.newestComments(row.id, postDetailComments)]);
    if (!post) throw notFound("动态不存在或已删除");
    return { code: 0, msg: "ok", data: { ...post, comments: comments.map((c) => presentComment(codec, c)) } };
  });

  route(app, calls.circleDetail, async (request) => {
    const circle = await findCircle(request.query.id);
    const [members, postCount, topics] = await Promise.all([
      circles.members(circle.id, circleDetailMembers),
      circles.postCount(circle.id),
      circles.busiestTopics(circle.id, circleDetailTopics),
    ]);
    const id = codec.encode(circle.id);
    return {
      code: 0,
      msg: "ok",
      data: {
        id,
        name: circle.name,
        cover: circle.cover_url,
        intro: circle.intro,
        member_count: Number(circle.member_count),
        post_count: postCount,
        members: members.map((m) => presentUser(codec, m)),
        topics,
        share_link: circleLinks.circle(origin, id),
      },
    };
  });

  route(app, calls.circlePosts, async (request) => {
    const { page, size } = request.query;
    const circle = await findCircle(request.query.id);
    const total = await circles.postCount(circle.id);
    const { offset, hasMore } = paging(page, size, total);
    const rows = offset < total ? await circles.postsOfCircle(circle.id, offset, size) : [];
    return { code: 0, msg: "ok", data: { list: await present(rows), page, size, total, has_more: hasMore } };
  });

  route(app, calls.circleTopic, async (request) => {
    const { page, size } = request.query;
    const checked = topicName(request.query.name);
    if (!checked.ok) throw badRequest(checked.reason);
    const circle = request.query.circle ? await findCircle(request.query.circle) : null;
    const topic = await circles.findTopic(checked.name);
    if (!topic) throw notFound("话题不存在");
    const total = await circles.topicPostCount(topic.id, circle?.id ?? null);
    const { offset, hasMore } = paging(page, size, total);
    const rows = offset < total ? await circles.topicPosts(topic.id, circle?.id ?? null, offset, size) : [];
    const circleId = circle ? codec.encode(circle.id) : null;
    return {
      code: 0,
      msg: "ok",
      data: {
        name: topic.name,
        intro: topic.intro,
        post_count: total,
        circle:
          circle && circleId
            ? {
                id: circleId,
                name: circle.name,
                cover: circle.cover_url,
                share_link: circleLinks.circle(origin, circleId),
              }
            : null,
        share_link: circleLinks.topic(origin, topic.name, circleId),
        list: await present(rows),
        page,
        size,
        total,
        has_more: hasMore,
      },
    };
  });
}
