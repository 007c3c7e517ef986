/**
 * What a list shows besides its items (decision 035): an honest empty line, a failed load with a
 * retry button, loading more, or the end. Never a blank space.
 */
export function ListState(props: {
  state: "idle" | "loading" | "failed";
  empty: boolean;
  hasMore: boolean;
  emptyText: string;
  onMore: () => void;
}) {
  if (props.state === "failed") {
    return (
      <div className="cm-state" role="status">
        <p>加载失败，请检查网络后重试</p>
        <button type="button" className="cm-retry" onClick={props.onMore}>
          重新加载
        </button>
      </div>
    );
  }
  if (props.empty && props.state !== "loading") {
    return (
      <p className="cm-state" role="status">
        {props.emptyText}
      </p>
    );
  }
  if (props.hasMore || props.state === "loading") {
    return (
      <button type="button" className="cm-more" disabled={props.state === "loading"} onClick={props.onMore}>
        {props.state === "loading" ? "加载中…" : "加载更多"}
      </button>
    );
  }
  return <p className="cm-end">没有更多了</p>;
}
