import type { Database } from "@davmu/api/db/schema";
import { checkImport, writeImport } from "@davmu/api/modules/content/ingest";
import { createFormRepository } from "@davmu/api/modules/forms/repository";
import type { FormField } from "@davmu/contracts/form-rules";
import type { Kysely } from "kysely";
import { demoThumb } from "../demo-content.ts";

const day = 24 * 60 * 60 * 1000;

export const demoFormExternalId = "demo-form-volunteers";

/** The demo form's fields: one of each kind the form page draws. */
export const demoFormFields: FormField[] = [
  { key: "name", label: "姓名", type: "text", required: true, min_length: 2, max_length: 20 },
  { key: "phone", label: "手机号", type: "phone", required: true, hint: "仅用于活动联系，不会公开" },
  {
    key: "session",
    label: "报名场次",
    type: "choice",
    required: true,
    multiple: false,
    options: ["12月6日 上午（湿地巡护）", "12月6日 下午（观鸟讲解）", "12月13日 全天（垃圾清理）"],
  },
  {
    key: "skills",
    label: "擅长的事（可多选）",
    type: "choice",
    required: false,
    multiple: true,
    options: ["摄影记录", "讲解引导", "急救常识", "体力活"],
  },
  { key: "birthday", label: "出生日期", type: "date", required: true, min: "1950-01-01", max: "2010-12-31" },
  { key: "photo", label: "近期生活照", type: "picture", required: false, hint: "JPG、PNG 或 WebP，不超过2MB" },
  {
    key: "reason",
    label: "想说的话",
    type: "text",
    required: false,
    multiline: true,
    max_length: 200,
    hint: "选填，200字以内",
  },
];

/**
 * The demo form (R-FORM-1): a cloud_form item of the city channel, 湿地守护志愿者招募, answered once per
 * logged-in reader and open for two weeks from the seed.
 */
export async function seedDemoForm(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const item = {
    external_id: demoFormExternalId,
    content_type: "cloud_form",
    title: "报名｜江澜湿地守护志愿者招募",
    summary: "12月起，江澜湿地公园招募第一批守护志愿者，参与巡护、观鸟讲解和环境清理。",
    source_alias: "江澜新闻",
    body_html: [
      "<p>冬季候鸟陆续抵达江澜湿地，公园管理处联合本台招募第一批“湿地守护志愿者”。</p>",
      "<p>志愿者将在周末参与步道巡护、观鸟讲解和环境清理，每场约3小时，提供午餐和志愿服务时长证明。</p>",
      "<p>填写下方表单即可报名，每位读者限报一次，工作人员将电话联系确认场次。</p>",
    ].join("\n"),
    cover_url: "/media/posters/river-egrets.jpg",
    thumb_url: demoThumb("/media/posters/river-egrets.jpg"),
    publish_at: new Date(now - 2 * 60 * 60 * 1000).toISOString(),
    group_id: "city",
    view_count: 1860,
  };
  const checked = await checkImport(db, [item]);
  if (!checked.ok) throw new Error(`demo form is invalid: ${JSON.stringify(checked.errors)}`);
  await writeImport(db, checked.items, { now });
  const row = await db
    .selectFrom("contents")
    .select("id")
    .where("external_id", "=", demoFormExternalId)
    .executeTakeFirstOrThrow();
  await createFormRepository(db).save(
    row.id,
    { fields: demoFormFields, login_required: true, deadline: now + 14 * day, closed: false },
    now,
  );
}
