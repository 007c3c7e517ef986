import { data, Link } from "react-router";
import { ContentCard } from "../components/ContentCard.tsx";
import { OpenAppBanner } from "../components/OpenAppBanner.tsx";
import { callApi } from "../lib/api.server.ts";
import { noStore, pageCacheHeaders } from "../lib/cache-headers.ts";
import { baseMeta } from "../lib/meta.ts";
import { useSite } from "../lib/site-context.tsx";
import { toRelatedCard } from "../model/article.ts";
import { visibleNavItems } from "../model/nav.ts";
import type { Route } from "./+types/home";

export const meta = () => baseMeta();

export const headers: Route.HeadersFunction = pageCacheHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const group = new URL(request.url).searchParams.get("group") ?? "";
  const answer = await callApi((c) => c.contentList({ gid: group || undefined, pageindex: 1, pagesize: 20 }));
  if (answer.code !== 0) {
    console.warn("content list failed:", answer.msg);
    return data({ group, cards: [], failed: true }, { headers: noStore });
  }
  const now = Date.now();
  return { group, cards: answer.data.list.map((item) => toRelatedCard(item, now)), failed: false };
}

/** Home: the channels of the home navigation item and the newest content of the chosen one. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { site, theme } = useSite();
  const home = visibleNavItems(theme.navigationItems).find((item) => item.isHome);
  const { group, cards, failed } = loaderData;
  return (
    <>
      <OpenAppBanner />
      <main className="home">
        <h1 className="visually-hidden">{site.name}</h1>
        {home ? (
          <nav className="channels" aria-label="频道">
            <Link to="/" className={group === "" ? "channel active" : "channel"}>
              全部
            </Link>
            {home.groups.map((g) => (
              <Link
                key={g.id}
                to={`/?group=${encodeURIComponent(g.id)}`}
                className={group === g.id ? "channel active" : "channel"}
              >
                {g.name}
              </Link>
            ))}
          </nav>
        ) : null}
        <h2 className="visually-hidden">{home?.groups.find((g) => g.id === group)?.name ?? "最新"}</h2>
        {cards.length === 0 ? (
          <p className="empty">{failed ? "内容加载失败，请稍后重试" : "暂无内容"}</p>
        ) : (
          <ul className="card-list">
            {cards.map((card) => (
              <ContentCard key={card.id} card={card} />
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
