import { ErrorCode } from "@davmu/contracts/error-codes";
import type { Form } from "@davmu/contracts/forms";
import { Island } from "../../../islands/Island.tsx";
import { pageData } from "../../../lib/page-data.ts";
import { callApi } from "../../../lib/server/api.server.ts";
import { noStore, pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { detailPageMeta, viewHead } from "../../../lib/share-meta.ts";
import { toArticleView } from "../../../model/article.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { DetailHead } from "../../content/DetailHead.tsx";
import { DetailShell, shellItem } from "../../content/DetailShell.tsx";
import { detailLoader } from "../../content/detail-page.server.ts";
import { FormView } from "../FormView.tsx";
import formCss from "../form.css?url";
import type { Route } from "./+types/form";

/**
 * A cloud form's page (R-FORM-1, decision 036): the item's own share link,
 * /{actor}/form/{yyyy}/{mm}/{post_id}/index.html. The item's title, cover and introduction, then
 * the form from the form detail call; whether the visitor answered is asked in the browser.
 */
export const loader = (args: Route.LoaderArgs) =>
  detailLoader(args, {
    accepts: ["cloud_form"],
    lists: "none",
    extra: async (item): Promise<Form | null> => {
      const answer = await callApi((c) => c.form({ params: { id: item.post_id } }));
      if (answer.code === ErrorCode.ok) return answer.data;
      if (answer.code === ErrorCode.notFound || answer.code === ErrorCode.contentUnavailable) return null;
      throw new Response("form unavailable", { status: 502 });
    },
    view: (item, { now, lang, extra }) => ({ view: toArticleView(item, now, lang), form: extra }),
  });

/** Never kept by shared caches: a form opens, closes and counts answers (previews say so themselves). */
export const headers: Route.HeadersFunction = (args) => {
  const page = pageCacheHeaders(args) as Record<string, string>;
  return page["X-Robots-Tag"] ? page : noStore;
};

/**
 * An island page (decision 060): the title, cover and introduction are server HTML; the form is
 * one island, woken once it nears the view (not by a tap): it shows the reader's own state without
 * one, what they typed before a reload and whether they have answered.
 */
export const handle: PageHandle = { islands: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: formCss }];

export const meta = detailPageMeta<typeof loader>((data) => viewHead(data));

export default function FormPage({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { view, form, env } = loaderData;
  return (
    <DetailShell
      item={shellItem(view, "cloud_form")}
      commentsOpen={view.commentsOpen}
      env={env}
      comments={null}
      className="form-page"
    >
      <article className="article form-article">
        <DetailHead view={view} />
        {view.cover ? (
          <figure className="article-cover">
            <img src={view.cover.src} alt={view.cover.alt} width={750} height={422} fetchPriority="high" />
          </figure>
        ) : null}
        {/* sanitised by the API as it was written, or as it was read (decision 090) */}
        <div className="article-body form-intro" dangerouslySetInnerHTML={{ __html: view.bodyHtml }} />
      </article>
      {form ? (
        <Island name="cloud-form" wake="visible" component={FormView} props={{ initial: form }} />
      ) : (
        <p className="form-closed" role="status">
          该表单暂未开放
        </p>
      )}
    </DetailShell>
  );
}
