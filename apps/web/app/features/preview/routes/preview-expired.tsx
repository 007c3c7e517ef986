import { siteBase } from "@davmu/contracts/site-path";
import { baseMeta } from "../../../lib/meta.ts";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data } from "../../../lib/router.ts";
import { previewHeaders } from "../../../lib/server/guards.server.ts";
import type { PageHandle } from "../../../page-styles.ts";
import type { Route } from "./+types/preview-expired";

const reasons = {
  expired: { title: "预览链接已过期", detail: "预览链接的有效期已过，请联系编辑重新生成预览链接。" },
  revoked: { title: "预览链接已失效", detail: "内容已更新，此前的预览链接已作废，请使用最新的预览链接。" },
  invalid: { title: "预览链接无效", detail: "链接不完整或已被改动，请从编辑后台重新复制预览链接。" },
} as const;

/**
 * Where a refused preview link lands (R-PREVIEW-1): which of expired, revoked or invalid, and what to
 * do; never the content. Answered 403, private, no-store and noindex like the previews themselves.
 */
export function loader({ request }: Route.LoaderArgs) {
  const given = new URL(request.url).searchParams.get("reason");
  const reason: keyof typeof reasons = given === "expired" || given === "revoked" ? given : "invalid";
  return data(keep({ reason }), { status: 403, headers: previewHeaders });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** An island page with no island (decision 064): static text, React never loaded. */
export const handle: PageHandle = { islands: true };

export const meta = () => baseMeta([{ name: "robots", content: "noindex" }]);

export default function PreviewExpired({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const text = reasons[loaderData.reason];
  return (
    <main className="error-page preview-expired">
      <link rel="stylesheet" href={`${siteBase}preview.css`} />
      <div className="error-code" aria-hidden="true">
        预览
      </div>
      <h1 className="error-message">{text.title}</h1>
      <p className="preview-expired-detail">{text.detail}</p>
    </main>
  );
}
