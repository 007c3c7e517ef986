import { Island } from "../../../islands/Island.tsx";
import { useContentT } from "../../../lib/i18n/content.ts";
import { pageData } from "../../../lib/page-data.ts";
import { pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { detailPageMeta, viewHead } from "../../../lib/share-meta.ts";
import { useSite } from "../../../lib/site-context.tsx";
import { toArticleView } from "../../../model/article.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { OpenAppButton } from "../../open-app/OpenAppButton.tsx";
import { BottomLists } from "../BottomLists.tsx";
import { DetailHead } from "../DetailHead.tsx";
import { DetailShell, shellItem } from "../DetailShell.tsx";
import { detailLoader } from "../detail-page.server.ts";
import type { Route } from "./+types/mini-program";

/**
 * The stylesheet parts this page draws with (page-styles.ts). An island page (decision 060): the
 * card, the hint and the body are server HTML; the two open buttons are islands woken by the tap.
 * A page the server knows is in the mini program stays on the page router (handoff.server.ts).
 */
export const handle: PageHandle = { styles: ["mini-program"], islands: true };

export const loader = (args: Route.LoaderArgs) =>
  detailLoader(args, {
    accepts: ["mini_program"],
    lists: "bottom",
    view: (item, { now, lang }) => ({
      view: toArticleView(item, now, lang),
      mini: item.media.mini_program ?? { name: item.payload.bizName || item.title, app_id: "", path: "", logo: "" },
    }),
  });

export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = detailPageMeta<typeof loader>(viewHead);

/**
 * Mini-program share page: the mini program's card (name, logo, cover) and the prompt to open it,
 * which goes through the open-app dialog outside WeChat's open tags.
 */
export default function MiniProgram({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { view, mini, env, lists } = loaderData;
  const { site } = useSite();
  const t = useContentT();
  return (
    <DetailShell
      item={shellItem(view, "mini_program")}
      commentsOpen={view.commentsOpen}
      env={env}
      comments={lists.comments}
      className="article-page mini-page"
      below={(layout) => (layout.bottomLists ? <BottomLists related={view.related} more={lists.more} /> : null)}
    >
      <article className="article">
        <DetailHead view={view} />
      </article>
      <div className="mini-card" data-testid="mini-program-card">
        <div className="mini-card-head">
          {mini.logo ? <img className="mini-logo" src={mini.logo} alt="" width={24} height={24} /> : null}
          <span className="mini-name">{mini.name}</span>
        </div>
        <p className="mini-card-title">{view.title}</p>
        {view.cover ? (
          <img
            className="mini-cover"
            src={view.cover.src}
            alt={view.cover.alt}
            width={750}
            height={422}
            fetchPriority="high"
          />
        ) : null}
        <div className="mini-card-foot">
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            <circle cx="7" cy="7" r="6" fill="none" stroke="currentColor" />
            <path d="M7 4v6" stroke="currentColor" />
          </svg>
          {t("miniProgram")}
        </div>
      </div>
      <p className="mini-hint">{t("miniProgramHint", { name: mini.name })}</p>
      <Island
        name="open-app-button"
        wake="interaction"
        component={OpenAppButton}
        props={{ text: [t("openMiniProgram")], className: "read-in-app" }}
      />
      <Island
        name="open-app-button"
        wake="interaction"
        component={OpenAppButton}
        props={{ text: [t("openAppPrompt", { site: site.name })], className: "mini-open-app" }}
      />
      {view.summary ? <p className="article-summary mini-summary">{view.summary}</p> : null}
      <div className="article-body mini-body" dangerouslySetInnerHTML={{ __html: view.bodyHtml }} />
    </DetailShell>
  );
}
