import { useListT } from "../../../lib/i18n/lists.ts";
import { baseMeta } from "../../../lib/meta.ts";
import { keep, pageData } from "../../../lib/page-data.ts";
import { requireIndexSegment } from "../../../lib/server/guards.server.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import { NavBar } from "../../navigation/NavBar.tsx";
import { loadList } from "../lists.server.ts";
import { PagedList } from "../PagedList.tsx";
import type { Route } from "./+types/fly-card";

export async function loader({ request, params }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  return keep(await loadList(request, params.list_id, "cover"));
}

export const meta = () => baseMeta();

/**
 * An island page (decision 058): the cards are server HTML; 加载更多, an h5 card's popup and the bottom
 * bar are islands woken by a tap.
 */
export const handle: PageHandle = { islands: true, styles: ["nav"] };

/** Fly-card page (R-ROUTE-1): /fly_card/{list_id?}/index.html, a list as large cover cards, with 加载更多. */
export default function FlyCardList({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { name, page, list, failed } = loaderData;
  const t = useListT();
  return (
    <>
      <ListHeader />
      <main className="home fly-page">
        <h1 className="page-title">{name ?? t("flyCardTitle")}</h1>
        <PagedList initial={list} page={page} failed={failed} variant="fly" cardLevel={2} />
      </main>
      <NavBar />
    </>
  );
}
