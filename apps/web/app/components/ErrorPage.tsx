import { Link } from "react-router";

/** What the visitor sees when a page cannot be shown: the message, and on 404 a way home. */
export function ErrorPage(props: { status: number; message: string }) {
  return (
    <main className="error-page">
      <div className="error-code" aria-hidden="true">
        {props.status}
      </div>
      <h1 className="error-message">{props.message}</h1>
      {props.status === 404 ? (
        <Link className="error-home" to="/">
          返回首页
        </Link>
      ) : (
        <button type="button" className="error-home" onClick={() => window.location.reload()}>
          重新加载
        </button>
      )}
    </main>
  );
}
