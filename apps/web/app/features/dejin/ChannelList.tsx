import type { ClueReportSummary } from "@davmu/contracts/clue-reports";
import { Island } from "../../islands/Island.tsx";
import { ChannelMore } from "./ChannelMore.tsx";
import { EmptyList } from "./LoadFailed.tsx";
import { ReportCard } from "./ReportCard.tsx";

/**
 * A list of clue reports with 加载更多 (a topic's channel, a reporter's tab): the reports are server
 * HTML, never hydrated; 加载更多 under them is an island woken by the tap (`ChannelMore`, decision
 * 061) that adds the next 10, each report once. Without JavaScript it is a plain link to `?page=N+1`.
 */
export function ChannelList(props: {
  list: ClueReportSummary[];
  page: number;
  total: number;
  now: number;
  empty?: string;
}) {
  if (props.list.length === 0) return <EmptyList text={props.empty} />;
  return (
    <>
      <ul className="dj-list" data-testid="dejin-list">
        {props.list.map((report) => (
          <ReportCard key={report.id} report={report} now={props.now} />
        ))}
      </ul>
      <Island
        name="dejin-more"
        wake="interaction"
        component={ChannelMore}
        props={{ page: props.page, total: props.total, shown: props.list.length }}
      />
    </>
  );
}
