import { Island } from "../../islands/Island.tsx";

/** The failure sentence and its retry, which reloads the page: an island woken by the tap (decision 061). */
export function LoadFailedNotice({ what, compact = false }: { what: string; compact?: boolean }) {
  return (
    <div className={compact ? "dj-failed dj-failed-compact" : "dj-failed"} role="status" data-testid="dejin-failed">
      <p>{what}加载失败，请检查网络后重试</p>
      <button type="button" className="dj-retry" data-testid="dejin-retry" onClick={() => window.location.reload()}>
        重新加载
      </button>
    </div>
  );
}

/**
 * What a dejin page shows when its data could not be loaded (R-ERR-2: the failure is only logged):
 * an honest sentence and a retry that reloads the page, never a blank screen.
 */
export function LoadFailed({ what, compact = false }: { what: string; compact?: boolean }) {
  return <Island name="dejin-retry" wake="interaction" component={LoadFailedNotice} props={{ what, compact }} />;
}

/** An empty list, said plainly. */
export function EmptyList({ text = "暂无内容" }: { text?: string }) {
  return (
    <p className="dj-empty" data-testid="dejin-empty">
      {text}
    </p>
  );
}
