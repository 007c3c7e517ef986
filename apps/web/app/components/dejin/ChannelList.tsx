import type { ClueReportList, ClueReportSummary, ClueTopicDetail } from "@davmu/contracts/clue-reports";
import { type MouseEvent, useState } from "react";
import { appendChannelPage, type Channel, type DejinCall, hasMore, type Loaded } from "../../lib/dejin/store.ts";
import { holdAtLeast } from "../../lib/min-delay.ts";
import { Link, useQuery } from "../../lib/nav.tsx";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { EmptyList } from "./LoadFailed.tsx";
import { ReportCard } from "./ReportCard.tsx";

/** A page of the list, loaded in the browser through the store (changeChannelType, a reporter's tab). */
export type NextPage = (run: DejinCall, page: number) => Promise<Loaded<ClueTopicDetail | ClueReportList>>;

/**
 * A list of clue reports with 加载更多: the first page comes from the server; 加载更多 loads the next
 * 10 through the store in the browser and appends them, each report once; a failed page is logged and
 * the button stays to try again. Without JavaScript it is a plain link to `?page=N+1`.
 */
export function ChannelList(props: {
  list: ClueReportSummary[];
  page: number;
  total: number;
  now: number;
  next: NextPage;
  empty?: string;
}) {
  const session = useSession();
  const params = useQuery();
  const [channel, setChannel] = useState<Channel>({ list: props.list, page: props.page, total: props.total });
  const [loading, setLoading] = useState(false);

  if (channel.list.length === 0) return <EmptyList text={props.empty} />;
  const next = new URLSearchParams(params);
  next.set("page", String(channel.page + 1));

  function loadMore(event: MouseEvent) {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    const run: DejinCall = (call) => call(session.api().client);
    holdAtLeast(props.next(run, channel.page + 1))
      .then((loaded) => {
        if (loaded.state === "ready") setChannel((current) => appendChannelPage(current, loaded.data));
        else toast("加载失败，请稍后重试");
      })
      .finally(() => setLoading(false));
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
