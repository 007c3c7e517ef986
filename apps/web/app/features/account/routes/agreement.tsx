import { ErrorCode } from "@davmu/contracts/error-codes";
import { agreementKinds } from "@davmu/contracts/values";
import { useContentT } from "../../../lib/i18n/content.ts";
import { baseMeta } from "../../../lib/meta.ts";
import { data } from "../../../lib/router.ts";
import { callApi } from "../../../lib/server/api.server.ts";
import { pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { formatDateTime } from "../../../model/format.ts";
import type { PageHandle } from "../../../page-styles.ts";
import type { Route } from "./+types/agreement";

/** The legal pages' styles, kept out of the stylesheet every page inlines. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: agreementCss }];

import { keep, pageData } from "../../../lib/page-data.ts";
import agreementCss from "../agreement.css?url";

export async function loader({ params }: Route.LoaderArgs) {
  const kind = agreementKinds.find((k) => k === params.kind);
  if (!kind) throw data({ message: "no such agreement" }, { status: 404 });
  const answer = await callApi((c) => c.agreement({ params: { kind } }));
  if (answer.code !== ErrorCode.ok) {
    console.warn("agreement load failed:", answer.code, answer.msg);
    throw data({ message: "agreement unavailable" }, { status: 502 });
  }
  return keep(answer.data);
}

export const headers: Route.HeadersFunction = pageCacheHeaders;

/** An island page (decision 053): static text, nothing hydrated, React never loaded. */
export const handle: PageHandle = { islands: true };

export function meta({ loaderData }: Route.MetaArgs) {
  return baseMeta(loaderData ? [{ property: "og:title", content: pageData<typeof loader>(loaderData).title }] : []);
}

/**
 * 用户协议 and 隐私政策 (R-LOGIN-7): the organisation's own texts, which the login popup links to
 * and editors write through the API.
 */
export default function AgreementPage({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { title, paragraphs, updated_at: updatedAt } = loaderData;
  const t = useContentT();
  return (
    <main className="agreement">
      <h1 className="agreement-title">{title}</h1>
      {updatedAt ? (
        <p className="agreement-date">
          {t("agreementUpdated")} <time dateTime={updatedAt}>{formatDateTime(updatedAt).slice(0, 10)}</time>
        </p>
      ) : null}
      {paragraphs.length ? (
        paragraphs.map((paragraph, i) => (
          // the text's own order is its identity: paragraphs are never reordered on the page
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={i} className="agreement-paragraph">
            {paragraph}
          </p>
        ))
      ) : (
        <p className="list-empty">{t("agreementEmpty")}</p>
      )}
    </main>
  );
}
