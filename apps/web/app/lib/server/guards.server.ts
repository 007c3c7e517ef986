import { createPublicIdCodec, type PublicIdCodec } from "@davmu/contracts/public-id";
import { data, redirect } from "../router.ts";
import { webEnv } from "./env.server.ts";

let codec: PublicIdCodec | undefined;
function publicIds(): PublicIdCodec {
  codec ??= createPublicIdCodec(webEnv().hashidSalt, webEnv().hashidMinLength);
  return codec;
}

export const indexSegment = "index.html";

/** A detail page exists only at …/index.html; any other last segment is an unknown page. */
export function requireIndexSegment(index: string | undefined): void {
  if (index !== indexSegment) throw data({ message: "页面找不到了" }, { status: 404 });
}

export function isPreviewActor(actor: string | undefined): boolean {
  return typeof actor === "string" && actor.startsWith("preview-");
}

/**
 * Outside preview, the id must decode as a public id, else the visitor goes to /404. A preview actor
 * skips the check (R-ROUTE-5): the preview call checks the link's token before it looks at the id, so
 * only a valid grant for the item the id names opens anything.
 */
export function requirePublicId(id: string | undefined, actor: string | undefined): string {
  if (isPreviewActor(actor)) {
    if (!id) throw redirect("/404");
    return id;
  }
  if (!id || publicIds().decode(id) === null) throw redirect("/404");
  return id;
}

/** Why a preview link was refused, as the expired page words it. */
export type PreviewReason = "expired" | "revoked" | "invalid";

/** The API's refusal of a preview token, by its message (403) or a malformed token (400). */
export function previewReason(code: number, msg: string): PreviewReason {
  if (code === 403 && msg.includes("过期")) return "expired";
  if (code === 403 && msg.includes("已失效")) return "revoked";
  return "invalid";
}

/** The expired page of a refused preview link (R-PREVIEW-1). */
export function previewExpiredPath(reason: PreviewReason): string {
  return `/preview_expired?reason=${reason}`;
}

/** What every preview answer says: kept by no cache (page cache, service worker, CDN) and not indexed. */
export const previewHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
