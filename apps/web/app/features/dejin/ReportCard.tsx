import type { ClueReportSummary } from "@davmu/contracts/clue-reports";
import { Link } from "../../lib/nav.tsx";
import { formatBigNumber, formatRelativeTime } from "../../model/format.ts";
import { dejinRoutes, statusText } from "./paths.ts";

/** A clue report in a list: status, title, the first words, a picture, author, time and views. */
export function ReportCard({ report, now }: { report: ClueReportSummary; now: number }) {
  return (
    <li className="dj-card">
      <Link to={dejinRoutes.report(report.id)} className="dj-card-link">
        <div className="dj-card-text">
          <h3 className="dj-card-title">
            <span className={`dj-status dj-status-${report.status}`}>{statusText[report.status]}</span>
            {report.title}
          </h3>
          {report.summary ? <p className="dj-card-summary">{report.summary}</p> : null}
          <p className="dj-card-meta">
            <span>{report.author.alias}</span>
            <span>{formatRelativeTime(report.reported_at, now)}</span>
            <span>{formatBigNumber(report.view_sum)}阅读</span>
          </p>
        </div>
        {report.cover ? (
          <div className="dj-card-thumb">
            <img src={report.cover} alt="" width={120} height={80} loading="lazy" decoding="async" />
            {report.picture_count > 1 ? <span className="dj-card-count">{report.picture_count}图</span> : null}
            {report.has_video ? <span className="dj-card-play" role="img" aria-label="含视频" /> : null}
          </div>
        ) : null}
      </Link>
    </li>
  );
}
