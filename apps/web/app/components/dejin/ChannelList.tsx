import type { ClueReportSummary } from "@davmu/contracts/clue-reports";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { appendChannelPage, type Channel, hasMore } from "../../lib/dejin/store.ts";
import { holdAtLeast } from "../../lib/min-delay.ts";
import { Link, useNavigate, useNavigation, useSearchParams } from "../../lib/router.ts";
import { EmptyList } from "./LoadFailed.tsx";
import { ReportCard } from "./ReportCard.tsx";

/**
 * A list of clue reports with 加载更多: the first page comes from the server; 加载更多 asks the
 * page's loader for `?page=N+1` (the store's call, 10 at a time) and appends what it brings, each
 * report once. Without JavaScript it is a plain link to that page.
 */
export function ChannelList(props: {
  list: ClueReportSummary[];
  page: number;
  total: number;
  now: number;
  empty?: string;
  /** the query parameter naming the page (tabs keep their own) */
  pageParam?: string;
}) {
  const name = props.pageParam ?? "page";
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [channel, setChannel] = useState<Channel>({ list: props.list, page: props.page, total: props.total });
  const shown = useRef(props.page);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    const incoming = { list: props.list, page: props.page, total: props.total };
    setChannel((current) =>
      props.page === shown.current + 1 ? appendChannelPage(current, { ...incoming, limit: 10 }) : incoming,
    );
    shown.current = props.page;
  }, [props.list, props.page, props.total]);

  if (channel.list.length === 0) return <EmptyList text={props.empty} />;
  const next = new URLSearchParams(params);
  next.set(name, String(channel.page + 1));
  const loading = held || navigation.state !== "idle";

  function loadMore(event: MouseEvent) {
    event.preventDefault();
    if (loading) return;
    setHeld(true);
    holdAtLeast(Promise.resolve(navigate(`?${next.toString()}`, { preventScrollReset: true, replace: true })))
      .catch((error) => console.warn("dejin: next page failed:", error))
      .finally(() => setHeld(false));
  }

  return (
    <>
      <ul className="dj-list" data-testid="dejin-list">
        {channel.list.map((report) => (
          <ReportCard key={report.id} report={report} now={props.now} />
        ))}
      </ul>
      {hasMore(channel) ? (
        <Link
          className="load-more"
          to={`?${next.toString()}`}
          onClick={loadMore}
          aria-disabled={loading}
          preventScrollReset
          data-testid="load-more"
        >
          {loading ? "加载中…" : "加载更多"}
        </Link>
      ) : (
        <p className="dj-end">没有更多了</p>
      )}
    </>
  );
}
