import type { SpecialGroup } from "@davmu/contracts/content";
import { useState } from "react";
import { ContentCard } from "../components/ContentCard.tsx";
import { DetailShell } from "../components/DetailShell.tsx";
import { pageCacheHeaders } from "../lib/cache-headers.ts";
import { detailLoader } from "../lib/detail-page.server.ts";
import { useContentT } from "../lib/i18n/content.ts";
import { detailPageMeta } from "../lib/share-meta.ts";
import { toRelatedCard } from "../model/article.ts";
import type { PageHandle } from "../page-styles.ts";
import type { Route } from "./+types/special";

/** The stylesheet parts this page draws with (page-styles.ts). */
export const handle: PageHandle = { styles: ["special"] };

/** Items a folded group shows before 展开 (collapse: true). */
export const foldedCount = 2;

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

type GroupView = SpecialGroup & { cards: ReturnType<typeof toRelatedCard>[] };

/** A group of the special: its name and its items; a collapse group opens folded. */
function Group({ group, index }: { group: GroupView; index: number }) {
  const t = useContentT();
  const [open, setOpen] = useState(!group.collapse);
  const foldable = group.collapse && group.cards.length > foldedCount;
  const cards = open || !foldable ? group.cards : group.cards.slice(0, foldedCount);
  const titleId = `special-group-${index}`;
  const listId = `special-group-list-${index}`;
  return (
    <section className="special-group" aria-labelledby={titleId} data-testid="special-group">
      <h2 id={titleId} className="special-group-title">
        <span>{group.name}</span>
      </h2>
      {cards.length ? (
        <ul id={listId} className="card-list">
          {cards.map((card) => (
            <ContentCard key={card.id} card={card} />
          ))}
        </ul>
      ) : (
        <p className="list-empty">{t("emptyContent")}</p>
      )}
      {foldable ? (
        <button
          type="button"
          className="special-toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t("collapseGroup") : t("expandGroup", { count: group.cards.length })}
        </button>
      ) : null}
    </section>
  );
}

/** Special topic: banner, introduction sections and the groups of items (spec §3 Special). */
export default function Special({ loaderData }: Route.ComponentProps) {
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
        <Group key={group.group_id} group={group} index={i} />
      ))}
      {groups.length === 0 ? <p className="list-empty">{t("emptyContent")}</p> : null}
    </DetailShell>
  );
}
