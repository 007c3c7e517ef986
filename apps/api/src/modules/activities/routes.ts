import type { Activity } from "@davmu/contracts/activities";
import { calls } from "@davmu/contracts/calls";
import type { FastifyInstance } from "fastify";
import { badRequest, conflict, notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { servedArticleBody } from "../../lib/sanitize-html.ts";
import { userOf, viewerOf } from "../../lib/viewer.ts";
import type { ContentRow } from "../content/repository.ts";
import { type ActivityRow, createActivityRepository } from "./repository.ts";

const refusals = {
  already: "您已报名，无需重复报名",
  closed: "报名已截止",
  full: "名额已满",
  missing: "该内容不是活动",
} as const;

function present(item: ContentRow, row: ActivityRow, postId: string, signedUp: boolean, now: number): Activity {
  const count = Number(row.signup_count);
  const capacity = Number(row.capacity);
  return {
    post_id: postId,
    title: item.title,
    summary: item.summary,
    cover: item.cover_url,
    content: servedArticleBody(item.body_html, item.body_clean_seal),
    place: row.place,
    starts_at: new Date(Number(row.starts_at)).toISOString(),
    ends_at: new Date(Number(row.ends_at)).toISOString(),
    deadline: new Date(Number(row.deadline)).toISOString(),
    capacity,
    signup_count: count,
    state: Number(row.deadline) <= now ? "closed" : count >= capacity ? "full" : "open",
    signed_up: signedUp,
  };
}

/** Activities (R-ACT-1): the page's facts, sign-up once each, closed past the deadline or when full. */
export async function activityRoutes(app: FastifyInstance) {
  const activities = app.activities;

  async function load(publicId: string) {
    const item = await app.requireAvailableContent(publicId);
    const row = await activities.find(item.id);
    if (!row) throw notFound("该内容不是活动");
    return { item, row };
  }

  route(app, calls.activity, async (request) => {
    const { item, row } = await load(request.params.id);
    const viewer = viewerOf(request);
    const signedUp = viewer !== null && (await activities.signedUp(item.id, viewer));
    return { code: 0, msg: "ok", data: present(item, row, request.params.id, signedUp, Date.now()) };
  });

  route(app, calls.activitySignup, async (request) => {
    const { item } = await load(request.params.id);
    const outcome = await activities.signup(item.id, userOf(request));
    if (!outcome.ok) throw conflict(refusals[outcome.reason]);
    return { code: 0, msg: "报名成功", data: { signup_count: outcome.count, signed_up: true } };
  });

  route(app, calls.updateActivity, async (request) => {
    const item = await app.publicIds.require(
      request.params.id,
      (id) => app.contents.findById(id),
      () => notFound("内容不存在"),
    );
    const { starts_at, ends_at, deadline, capacity } = request.body;
    const [starts, ends, closes] = [starts_at, ends_at, deadline].map(Date.parse) as [number, number, number];
    if (![starts, ends, closes].every(Number.isFinite)) throw badRequest("时间格式不正确");
    if (starts > ends) throw badRequest("开始时间不能晚于结束时间");
    if (closes > ends) throw badRequest("报名截止时间不能晚于结束时间");
    const existing = await activities.find(item.id);
    if (existing && capacity < Number(existing.signup_count)) throw badRequest("名额不能少于已报名人数");
    const row = await app.auditedChange(request, `activity:${request.params.id}`, async (trx) => {
      const inTransaction = createActivityRepository(trx);
      const before = (await inTransaction.find(item.id)) ?? null;
      const after = await inTransaction.save(item.id, request.body);
      return { result: after, before, after };
    });
    return { code: 0, msg: "ok", data: present(item, row, request.params.id, false, Date.now()) };
  });
}
