import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoFormExternalId, demoFormFields } from "@davmu/demo/areas/forms";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";
import { editorSession } from "./support/editors.ts";

const key: Record<string, string> = {};
/** A 1×1 PNG. */
const png =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const good = {
  name: "林小满",
  phone: "13912345678",
  session: ["12月6日 下午（观鸟讲解）"],
  skills: ["摄影记录", "急救常识"],
  birthday: "1996-05-20",
  reason: "周末有空，想为湿地做点事。",
};

let phoneSeq = 0;
const nextPhone = () => `1390000${String(++phoneSeq).padStart(4, "0")}`;

describe("cloud forms", () => {
  let server: TestServer;
  let formId: string;
  let anonymous: string;
  const mediaDir = mkdtempSync(join(tmpdir(), "davmu-form-media-"));

  beforeAll(async () => {
    server = await startTestServer({ MEDIA_DIR: mediaDir });
    Object.assign(key, (await editorSession(server, "editor")).headers);
    formId = await server.demoPostId(demoFormExternalId);
    anonymous = await server.anonymousToken();
  });
  afterAll(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const submit = (answers: unknown, token: string | null, id = formId, headers?: Record<string, string>) =>
    server.post(`/peony/v1/form/${id}/submit`, { answers }, token, headers);
  const define = (body: unknown, id = formId) => server.put(`/editor/v1/form/${id}`, body, null, key);

  /** A new cloud_form item of its own, made a form with these settings. */
  async function newForm(settings: Record<string, unknown>): Promise<string> {
    const externalId = `test-form-${++phoneSeq}`;
    const imported = await server.post(
      "/editor/v1/contents",
      [
        {
          external_id: externalId,
          content_type: "cloud_form",
          title: "测试问卷",
          summary: "",
          source_alias: "江澜新闻",
          body_html: "<p>问卷</p>",
          publish_at: new Date().toISOString(),
        },
      ],
      null,
      key,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const id = await server.demoPostId(externalId);
    const defined = await define({ fields: demoFormFields, login_required: false, deadline: null, ...settings }, id);
    expect(defined.status, JSON.stringify(defined.body)).toBe(200);
    return id;
  }

  it("R-FORM-1 the form detail answers the fields of the definition, login, deadline and open state", async () => {
    const detail = await server.get(`/peony/v1/form/${formId}`, anonymous);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      post_id: formId,
      title: "报名｜江澜湿地守护志愿者招募",
      fields: demoFormFields,
      login_required: true,
      state: "open",
      submitted: false,
      submission_count: 0,
    });
    expect(Date.parse(detail.body.data.deadline)).toBeGreaterThan(Date.now());
    // an article is not a form; unknown and malformed ids
    const article = await server.demoPostId("demo-article-01");
    expect((await server.get(`/peony/v1/form/${article}`, anonymous)).status).toBe(404);
    expect((await server.get("/peony/v1/form/zzzzzzzzzz", anonymous)).status).toBe(404);
    expect((await server.get("/peony/v1/form/a%20b", anonymous)).status).toBe(400);
  });

  it("R-FORM-1 every field type refuses bad answers with a 422 naming each field and its message; nothing is recorded", async () => {
    const reader = await server.login(nextPhone());
    const bad = await submit(
      {
        name: "林",
        phone: "12345678901",
        session: ["12月6日 上午（湿地巡护）", "12月6日 下午（观鸟讲解）"],
        skills: ["唱歌"],
        birthday: "2026-02-30",
        photo: "data:image/gif;base64,R0lGODlhAQABAAAAACw=",
        reason: "好".repeat(201),
        extra: "x",
      },
      reader.token,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe(422);
    expect(bad.body.data.errors).toEqual({
      name: "至少填写2个字",
      phone: "请输入正确的手机号",
      session: "只能选择一项",
      skills: "选项无效",
      birthday: "请选择有效日期",
      photo: "请上传 JPG、PNG 或 WebP 图片",
      reason: "最多填写200个字",
      extra: "表单中没有此项",
    });
    // required fields left empty, a date out of range, a picture whose bytes are not the image it names
    const empty = await submit(
      { name: "  ", birthday: "1949-12-31", photo: "data:image/png;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2w==" },
      reader.token,
    );
    expect(empty.status).toBe(422);
    expect(empty.body.data.errors).toEqual({
      name: "请填写此项",
      phone: "请填写此项",
      session: "请选择",
      birthday: "日期不能早于1950-01-01",
    });
    const corrupt = await submit(
      { ...good, photo: "data:image/png;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2w==" },
      reader.token,
    );
    expect(corrupt.status).toBe(422);
    expect(corrupt.body.data.errors).toEqual({ photo: "图片已损坏或格式不符" });
    const tooBig = await submit({ ...good, photo: `data:image/png;base64,${"A".repeat(2_796_260)}` }, reader.token);
    expect(tooBig.status, JSON.stringify(tooBig.body).slice(0, 300)).toBe(422);
    expect(tooBig.body.data.errors).toEqual({ photo: "图片不能超过2MB" });
    // shapes no rule can read: 400
    for (const shape of [{ name: { a: 1 } }, { session: [{}] }, "text"]) {
      expect((await submit(shape, reader.token)).status, JSON.stringify(shape)).toBe(400);
    }
    expect((await server.post(`/peony/v1/form/${formId}/submit`, { answer: {} }, reader.token)).status).toBe(400);
    expect((await server.get(`/peony/v1/form/${formId}`, reader.token)).body.data).toMatchObject({
      submitted: false,
      submission_count: 0,
    });
  });

  it("R-FORM-1 a form that asks for login refuses anonymous answers; a reader answers once, with a picture, and is told so after", async () => {
    const refused = await submit(good, anonymous);
    expect(refused.status).toBe(401);
    expect(refused.body.msg).toBe("请先登录后再提交");
    expect((await submit(good, null)).status).toBe(401);
    const reader = await server.login(nextPhone());
    const first = await submit({ ...good, photo: png }, reader.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.submitted).toBe(true);
    const again = await submit(good, reader.token);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe("您已提交过此表单");
    const detail = await server.get(`/peony/v1/form/${formId}`, reader.token);
    expect(detail.body.data).toMatchObject({ submitted: true, submission_count: 1 });
    const list = await server.get(`/editor/v1/form/${formId}/submissions`, null, key);
    expect(list.status).toBe(200);
    const stored = list.body.data.list[0];
    expect(stored.user_id).toBe(reader.userId);
    expect(stored.answers).toMatchObject({
      ...good,
      photo: expect.stringMatching(/^\/media\/form-uploads\/\d{6}\/[0-9a-f]{32}\.jpg$/),
    });
    // stored through the upload pipeline: a JPEG with its AVIF and WebP renditions
    const file = join(mediaDir, stored.answers.photo.slice("/media/".length));
    for (const ext of [".jpg", ".avif", ".webp"]) expect(existsSync(file.replace(/\.jpg$/, ext)), ext).toBe(true);
  });

  it("R-FORM-1 a picture is checked by its content and stored without its EXIF (GPS) data", async () => {
    const id = await newForm({});
    const withGps = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
      .jpeg()
      .withExif({ IFD0: { Make: "JiangLanPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "30/1 15/1 0/1" } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const device = await server
      .post("/peony/v1/auth", { appid: 1, platform: "mobile", device_id: "exif-device" })
      .then((a) => a.body.data.token as string);
    const sent = await submit({ ...good, photo: `data:image/jpeg;base64,${withGps.toString("base64")}` }, device, id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const list = await server.get(`/editor/v1/form/${id}/submissions`, null, key);
    const file = join(mediaDir, list.body.data.list[0].answers.photo.slice("/media/".length));
    const meta = await sharp(file).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it("R-FORM-1 parallel posts of one reader leave exactly one answer (the unique key decides)", async () => {
    const reader = await server.login(nextPhone());
    const answers = await Promise.all(Array.from({ length: 12 }, () => submit(good, reader.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(11).fill(409)]);
    const list = await server.get(`/editor/v1/form/${formId}/submissions?size=200`, null, key);
    expect(list.body.data.list.filter((r: { user_id: string }) => r.user_id === reader.userId)).toHaveLength(1);
  });

  it("R-FORM-1 a form open to anonymous visitors takes one answer per device, also in parallel", async () => {
    const id = await newForm({ login_required: false });
    const device = (deviceId: string) =>
      server
        .post("/peony/v1/auth", { appid: 1, platform: "mobile", device_id: deviceId })
        .then((a) => a.body.data.token as string);
    const [a1, a2, b] = await Promise.all([device("device-a"), device("device-a"), device("device-b")]);
    const parallel = await Promise.all([submit(good, a1, id), submit(good, a2, id), submit(good, a1, id)]);
    expect(parallel.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect((await submit(good, b, id)).status).toBe(200);
    expect((await server.get(`/peony/v1/form/${id}`, a2)).body.data).toMatchObject({
      submitted: true,
      submission_count: 2,
    });
    expect((await server.get(`/peony/v1/form/${id}`, anonymous)).body.data.submitted).toBe(false);
  });

  it("R-FORM-1 closed forms and forms past their deadline say so and take no answers", async () => {
    const closed = await newForm({ closed: true });
    const detail = await server.get(`/peony/v1/form/${closed}`, anonymous);
    expect(detail.body.data.state).toBe("closed");
    const refused = await submit(good, anonymous, closed);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe("表单已关闭，不再接受提交");
    const ended = await newForm({ deadline: new Date(Date.now() - 60_000).toISOString() });
    expect((await server.get(`/peony/v1/form/${ended}`, anonymous)).body.data.state).toBe("ended");
    const late = await submit(good, anonymous, ended);
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe("表单已截止，不再接受提交");
  });

  it("R-FORM-1 editors export every answer as CSV with a BOM, Chinese intact, one column per field", async () => {
    const id = await newForm({});
    const device = await server
      .post("/peony/v1/auth", { appid: 1, platform: "mobile", device_id: "csv-device" })
      .then((a) => a.body.data.token as string);
    const tricky = { ...good, name: "=SUM(1,2)", reason: '第一行\n第二行，带"引号"' };
    expect((await submit(tricky, device, id)).status).toBe(200);
    const response = await fetch(`${server.base}/editor/v1/form/${id}/submissions.csv`, { headers: key });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain("attachment");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header, ...rows] = text.split("\r\n").filter(Boolean);
    expect(header).toBe(`序号,提交时间,用户,${demoFormFields.map((f) => f.label).join(",")}`);
    expect(text).toContain(`,匿名,"'=SUM(1,2)",13912345678,12月6日 下午（观鸟讲解）,摄影记录、急救常识,1996-05-20,,`);
    expect(text).toContain('"第一行\n第二行，带""引号"""');
    expect(rows[0]).toMatch(/^\d+,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
  });

  it("R-FORM-1 editors' calls: key required, only cloud_form items, unsound definitions refused", async () => {
    expect((await server.get(`/editor/v1/form/${formId}/submissions`, null)).status).toBe(401);
    expect((await server.get(`/editor/v1/form/${formId}/submissions.csv`, null)).status).toBe(401);
    const article = await server.demoPostId("demo-article-01");
    const onArticle = await define({ fields: demoFormFields, login_required: false, deadline: null }, article);
    expect(onArticle.status).toBe(400);
    const text = { key: "a", label: "甲", type: "text", required: true };
    const unsound = [
      { fields: [], login_required: false, deadline: null },
      { fields: [text, text], login_required: false, deadline: null },
      { fields: [{ ...text, key: "Bad-Key" }], login_required: false, deadline: null },
      { fields: [{ ...text, min_length: 10, max_length: 5 }], login_required: false, deadline: null },
      {
        fields: [{ ...text, type: "choice", multiple: false, options: ["一"] }],
        login_required: false,
        deadline: null,
      },
      { fields: [{ ...text, type: "date", min: "2026-02-30" }], login_required: false, deadline: null },
      { fields: [{ ...text, type: "video" }], login_required: false, deadline: null },
      { fields: [text], login_required: false, deadline: "tomorrow" },
    ];
    for (const body of unsound) expect((await define(body)).status, JSON.stringify(body)).toBe(400);
    expect((await server.get(`/editor/v1/form/${formId}/submissions?page=0`, null, key)).status).toBe(400);
  });
});
