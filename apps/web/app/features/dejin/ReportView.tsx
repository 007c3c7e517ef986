import type { ClueReportDetail } from "@davmu/contracts/clue-reports";
import { Link } from "../../lib/nav.tsx";
import { toRelatedCard } from "../../model/article.ts";
import { formatBigNumber, formatDateTime, formatRelativeTime } from "../../model/format.ts";
import { ContentCard } from "../lists/ContentCard.tsx";
import { dejinRoutes, paragraphs, statusText } from "./paths.ts";

/** A report's pictures: one wide, or a grid of three a row. */
function Pictures({ report }: { report: ClueReportDetail }) {
  const { pictures } = report;
  if (pictures.length === 0) return null;
  const single = pictures.length === 1;
  return (
    <ul className={single ? "dj-pictures dj-pictures-one" : "dj-pictures"} data-testid="dejin-pictures">
      {pictures.map((picture, index) => (
        <li key={picture.url}>
          <a href={picture.url} target="_blank" rel="noopener">
            <img
              src={picture.url}
              alt={`报料图片${index + 1}`}
              width={picture.width || 750}
              height={picture.height || 500}
              loading={index < 3 ? "eager" : "lazy"}
              decoding="async"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Where the newsroom's follow-up stands, step by step, the newest last. */
function Timeline({ report }: { report: ClueReportDetail }) {
  if (report.timeline.length === 0) return null;
  return (
    <section className="dj-section" aria-labelledby="dj-timeline">
      <h2 id="dj-timeline" className="dj-section-title">
        处理进度
      </h2>
      <ol className="dj-timeline" data-testid="dejin-timeline">
        {report.timeline.map((step, index) => (
          <li
            key={`${step.status}-${step.at}`}
            className={index === report.timeline.length - 1 ? "dj-step-now" : undefined}
          >
            <span className="dj-step-status">{statusText[step.status]}</span>
            <span className="dj-step-note">{step.note}</span>
            <time className="dj-step-time" dateTime={step.at}>
              {formatDateTime(step.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The detail of a clue report (the dejin layout's content). */
export function ReportView({ report, now }: { report: ClueReportDetail; now: number }) {
  return (
    <article className="dj-report" data-testid="dejin-report">
      <h1 className="dj-title">{report.title}</h1>
      <div className="dj-byline">
        <img className="dj-avatar" src={report.author.avatar || undefined} alt="" width={36} height={36} />
        <div>
          <p className="dj-author">{report.author.alias}</p>
          <p className="dj-byline-meta">
            <time dateTime={report.reported_at}>{formatRelativeTime(report.reported_at, now)}</time>
            {report.location ? <span>{report.location}</span> : null}
          </p>
        </div>
        <span className={`dj-status dj-status-${report.status}`} data-testid="dejin-status">
          {statusText[report.status]}
        </span>
      </div>
      {report.topics.length ? (
        <p className="dj-topics">
          {report.topics.map((topic) => (
            <Link key={topic} className="dj-topic" to={dejinRoutes.topic(topic)}>
              #{topic}#
            </Link>
          ))}
        </p>
      ) : null}
      <div className="dj-text">
        {paragraphs(report.content).map((text, index) => (
          // paragraphs have no id of their own; their order is fixed
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
          <p key={index}>{text}</p>
        ))}
      </div>
      {report.mentions.length ? (
        <p className="dj-mentions">
          {report.mentions.map((m) => (
            <Link key={m.user_id} to={dejinRoutes.reporter(m.user_id)}>
              @{m.name}
            </Link>
          ))}
        </p>
      ) : null}
      <Pictures report={report} />
      {report.video ? (
        // biome-ignore lint/a11y/useMediaCaption: readers' own footage has no captions
        <video
          className="dj-video"
          src={report.video.src}
          poster={report.video.poster || undefined}
          controls
          playsInline
          preload="none"
          width={750}
          height={422}
          data-testid="dejin-video"
        />
      ) : null}
      <p className="dj-views">{formatBigNumber(report.view_sum)}次阅读</p>
      {report.reply ? (
        <section className="dj-section dj-reply" aria-labelledby="dj-reply" data-testid="dejin-reply">
          <h2 id="dj-reply" className="dj-section-title">
            记者回复
          </h2>
          <Link className="dj-reply-who" to={dejinRoutes.reporter(report.reply.reporter.user_id)}>
            <img src={report.reply.reporter.avatar} alt="" width={32} height={32} />
            <span className="dj-reply-name">{report.reply.reporter.name}</span>
            <span className="dj-reply-title">{report.reply.reporter.title}</span>
          </Link>
          <p className="dj-reply-text">{report.reply.content}</p>
          <time className="dj-step-time" dateTime={report.reply.replied_at}>
            {formatDateTime(report.reply.replied_at)}
          </time>
        </section>
      ) : null}
      <Timeline report={report} />
      {report.related_posts.length ? (
        <section className="dj-section" aria-labelledby="dj-related">
          <h2 id="dj-related" className="dj-section-title">
            相关报道
          </h2>
          <ul className="card-list">
            {report.related_posts.map((item) => (
              <ContentCard key={item.post_id} card={toRelatedCard(item, now)} />
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
