import { calls } from "@davmu/contracts/calls";
import {
  checkAnswers,
  checkDefinition,
  type FormAnswers,
  type FormField,
  pickField,
} from "@davmu/contracts/form-rules";
import type { Form } from "@davmu/contracts/forms";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest, conflict, notFound, unauthorized } from "../../lib/api-error.ts";
import { preparePicture, type StoredPicture } from "../../lib/pictures.ts";
import { route } from "../../lib/route.ts";
import { servedArticleBody } from "../../lib/sanitize-html.ts";
import { viewerOf } from "../../lib/viewer.ts";
import type { ContentRow } from "../content/repository.ts";
import { submissionsCsv } from "./csv.ts";
import { removeStoredPictures, storePicture } from "./picture.ts";
import { createFormRepository, fieldsOf, formState } from "./repository.ts";
import type { FormRow } from "./tables.ts";

/** Answers of a form's submit may carry pictures (data URLs of up to 2 MiB each). */
const submitBodyLimit = 12 * 1024 * 1024;

const refusals = {
  closed: "表单已关闭，不再接受提交",
  ended: "表单已截止，不再接受提交",
  already: "您已提交过此表单",
} as const;

/**
 * Who a submission is counted against: the logged-in user, or, when the form takes anonymous
 * answers, the device (the token's device id, else the visitor's X-Request-Id, else the token).
 */
export function visitorKey(request: FastifyRequest): string | null {
  const user = viewerOf(request);
  if (user !== null) return `user:${user}`;
  const session = request.session;
  if (!session) return null;
  const device = session.deviceId ?? request.clientId;
  return device ? `device:${device}` : `token:${session.id}`;
}

function present(item: ContentRow, row: FormRow, postId: string, count: number, submitted: boolean, now: number): Form {
  return {
    post_id: postId,
    title: item.title,
    summary: item.summary,
    cover: item.cover_url,
    content: servedArticleBody(item.body_html, item.body_clean_seal),
    fields: fieldsOf(row),
    login_required: row.login_required === 1,
    deadline: row.deadline === null ? null : new Date(Number(row.deadline)).toISOString(),
    state: formState(row, now),
    submission_count: count,
    submitted,
  };
}

/** Cloud forms (R-FORM-1): the form detail, answering once per visitor, and the editors' definition and answers. */
export async function formRoutes(app: FastifyInstance) {
  const forms = app.forms;

  async function load(publicId: string) {
    const item = await app.requireAvailableContent(publicId, { types: ["cloud_form"] });
    const row = await forms.find(item.id);
    if (!row) throw notFound("表单不存在");
    return { item, row };
  }

  async function editorItem(publicId: string) {
    const item = await app.publicIds.require(
      publicId,
      (id) => app.contents.findById(id),
      () => notFound("内容不存在"),
    );
    if (item.content_type !== "cloud_form") throw badRequest("该内容不是表单（cloud_form）");
    return item;
  }

  route(app, calls.form, async (request) => {
    const { item, row } = await load(request.params.id);
    const visitor = request.session ? visitorKey(request) : null;
    const [count, submitted] = await Promise.all([
      forms.count(item.id),
      visitor ? forms.submitted(item.id, visitor) : false,
    ]);
    return { code: 0, msg: "ok", data: present(item, row, request.params.id, count, submitted, Date.now()) };
  });

  route(
    app,
    calls.formSubmit,
    async (request, reply) => {
      const { item, row } = await load(request.params.id);
      const state = formState(row, Date.now());
      if (state !== "open") throw conflict(refusals[state]);
      const userId = viewerOf(request);
      if (row.login_required === 1 && userId === null) throw unauthorized("请先登录后再提交");
      const visitor = visitorKey(request) as string;
      const fields = fieldsOf(row);
      const answers = request.body.answers as FormAnswers;
      // the same rules the page checked with (form-rules.ts)
      const errors = checkAnswers(fields, answers);
      if (Object.keys(errors).length) return reply.code(422).send(rejected(errors));
      if (await forms.submitted(item.id, visitor)) throw conflict(refusals.already);
      // pictures are checked by their bytes, then stored; the answer keeps their address
      const stored: FormAnswers = {};
      const files: StoredPicture[] = [];
      const removeFiles = () => removeStoredPictures(app.config.mediaDir, files);
      // decoded and remade in the picture pool (R-REL-5); a 503 from it leaves nothing stored
      const deadline = app.pictureWork.deadline();
      const prepare = (bytes: Buffer, index: number) =>
        app.pictureWork.run(() => preparePicture(bytes, index), deadline);
      try {
        for (const field of fields) {
          const value = answers[field.key];
          if (field.type !== "picture" || typeof value !== "string" || value === "") {
            if (value !== undefined) stored[field.key] = normalise(field, value);
            continue;
          }
          const picture = await storePicture(app.config.mediaDir, value, prepare);
          if ("error" in picture) errors[field.key] = picture.error;
          else {
            stored[field.key] = picture.url;
            files.push(picture.stored);
          }
        }
      } catch (error) {
        await removeFiles();
        throw error;
      }
      if (Object.keys(errors).length) {
        await removeFiles();
        return reply.code(422).send(rejected(errors));
      }
      const now = Date.now();
      if (!(await forms.submit(item.id, visitor, userId, stored, now))) {
        await removeFiles();
        throw conflict(refusals.already);
      }
      return {
        code: 0,
        msg: "提交成功",
        data: { submitted: true as const, submitted_at: new Date(now).toISOString() },
      };
    },
    { bodyLimit: submitBodyLimit },
  );

  route(app, calls.updateForm, async (request) => {
    const item = await editorItem(request.params.id);
    const { login_required, deadline, closed = false } = request.body;
    const fields = (request.body.fields as FormField[]).map(pickField);
    const problem = checkDefinition(fields);
    if (problem) throw badRequest(problem);
    const closes = deadline === null ? null : Date.parse(deadline);
    if (closes !== null && !Number.isFinite(closes)) throw badRequest("截止时间格式不正确");
    const row = await app.auditedChange(request, `form:${request.params.id}`, async (trx) => {
      const inTransaction = createFormRepository(trx);
      const before = (await inTransaction.find(item.id)) ?? null;
      const after = await inTransaction.save(item.id, { fields, login_required, deadline: closes, closed });
      return { result: after, before, after };
    });
    const count = await forms.count(item.id);
    return { code: 0, msg: "ok", data: present(item, row, request.params.id, count, false, Date.now()) };
  });

  route(app, calls.formSubmissions, async (request) => {
    const item = await editorItem(request.params.id);
    const row = await forms.find(item.id);
    if (!row) throw notFound("表单不存在");
    const { page, size } = request.query;
    const [rows, total] = await Promise.all([
      forms.list(item.id, { offset: (page - 1) * size, limit: size }),
      forms.count(item.id),
    ]);
    return {
      code: 0,
      msg: "ok",
      data: {
        list: rows.map((r) => ({
          id: r.id,
          user_id: r.user_id === null ? null : app.publicIds.encode(r.user_id),
          answers: r.answers,
          submitted_at: new Date(r.created_at).toISOString(),
        })),
        total,
        fields: fieldsOf(row),
      },
    };
  });

  route(app, calls.formSubmissionsCsv, async (request, reply) => {
    const item = await editorItem(request.params.id);
    const row = await forms.find(item.id);
    if (!row) throw notFound("表单不存在");
    const csv = submissionsCsv(fieldsOf(row), await forms.list(item.id), app.config.publicOrigin, (id) =>
      app.publicIds.encode(id),
    );
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="form-${request.params.id}.csv"`)
      .header("cache-control", "no-store")
      .send(csv);
  });
}

function rejected(errors: Record<string, string>) {
  const count = Object.keys(errors).length;
  return { code: 422 as const, msg: `有${count}项填写不正确`, data: { errors } };
}

/** A text answer is kept trimmed; a single choice as its one option. */
function normalise(field: FormField, value: string | string[]): string | string[] {
  if (field.type === "choice") return Array.isArray(value) ? value : [value];
  return typeof value === "string" ? value.trim() : value;
}
