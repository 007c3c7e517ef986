import type { Database } from "@davmu/api/db/schema";
import { contentPath } from "@davmu/api/modules/content/present";
import { createPreviewRepository } from "@davmu/api/modules/preview/repository";
import { mintToken, previewKey } from "@davmu/api/modules/preview/token";
import type { Config } from "@davmu/api/plugins/config";
import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { siteBasePath } from "@davmu/contracts/site-path";
import type { Kysely } from "kysely";

/** The demo preview: a draft revision of the first demo article, for the editor `demo`. */
const demoDraft = {
  title: "【草稿】江澜新桥今日合龙，预计明年五一通车",
  summary: "这是一篇尚未发布的草稿，仅在预览链接中可见。",
};

/**
 * Saves the demo draft and answers a preview link to it, valid for 30 minutes (what `npm run seed`
 * prints, so an editor's preview can be tried at once).
 */
export async function demoPreviewLink(db: Kysely<Database>, config: Config, now = Date.now()): Promise<string | null> {
  const row = await db
    .selectFrom("contents")
    .selectAll()
    .where("external_id", "=", "demo-article-01")
    .executeTakeFirst();
  if (!row) return null;
  const revision = await createPreviewRepository(db).bump(row.id, "demo", demoDraft, now);
  const key = previewKey(config.previewSecret, config.otpSecret);
  const token = mintToken(key, { contentId: row.id, revision, expiresAt: now + 30 * 60_000, editor: "demo" });
  const codec = createPublicIdCodec(config.hashidSalt, config.hashidMinLength);
  const path = contentPath(row, { codec, publicOrigin: config.publicOrigin, siteActor: config.siteActor }).replace(
    /^\/[^/]+\/[^/]+\/[^/]+/,
    `${siteBasePath}/preview-demo`,
  );
  return `${config.publicOrigin}${path}?token=${token}`;
}
