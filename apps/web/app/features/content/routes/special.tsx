import { useContentT } from "../../../lib/i18n/content.ts";
import { pageData } from "../../../lib/page-data.ts";
import { pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { detailPageMeta } from "../../../lib/share-meta.ts";
import { toRelatedCard } from "../../../model/article.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { DetailShell } from "../DetailShell.tsx";
import { detailLoader } from "../detail-page.server.ts";
import { SpecialGroup } from "../SpecialGroup.tsx";
import type { Route } from "./+types/special";

/**
 * The stylesheet parts this page draws with (page-styles.ts). An island page (decision 060): the
 * banner's picture, the sections and the groups' cards are server HTML; a folding group, the h5
 * cards' popups and the page banner are islands woken by a tap.
 */
export const handle: PageHandle = { styles: ["special"], islands: true };

export const loader = (args: Route.LoaderArgs) =>
  detailLoader(args, {
    accepts: "special",
    view: (special, { now, lang }) => ({
      special,
      groups: special.groups.map((group) => ({
        ...group,
        cards: group.content_list.map((item) => toRelatedCard(item, now, lang)),
      })),
    }),
  });

export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = detailPageMeta<typeof loader>(({ special }) => ({
  title: special.title,
  summary: special.summary,
  image: special.cover || null,
  url: special.share_link,
}));

/** Special topic: banner, introduction sections and the groups of items (spec §3 Special). */
export default function Special({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { special, groups, env } = loaderData;
  const t = useContentT();
  return (
    <DetailShell
      item={{ post_id: special.post_id, content_type: "special", track_id: `special-${special.post_id}`, mp: null }}
      commentsOpen={false}
      env={env}
      comments={null}
      className="special-page"
    >
      <header className="special-banner">
        {special.cover ? <img src={special.cover} alt="" width={750} height={422} fetchPriority="high" /> : null}
        <div className="special-banner-text">
          <span className="special-label">{t("specialLabel")}</span>
          <h1>{special.title}</h1>
        </div>
      </header>
      {special.summary ? <p className="special-summary">{special.summary}</p> : null}
      {special.sections.map((section) => (
        <section key={section.title} className="special-section">
          <h2>{section.title}</h2>
          <p>{section.content}</p>
        </section>
      ))}
      <nav className="special-tabs" aria-label={t("specialSections")}>
        {groups.map((group, i) => (
          <a key={group.group_id} href={`#special-group-${i}`}>
            {group.name}
          </a>
        ))}
      </nav>
      {groups.map((group, i) => (
        <SpecialGroup
          key={group.group_id}
          group={{ name: group.name, collapse: group.collapse, cards: group.cards }}
          index={i}
        />
      ))}
      {groups.length === 0 ? <p className="list-empty">{t("emptyContent")}</p> : null}
    </DetailShell>
  );
}
