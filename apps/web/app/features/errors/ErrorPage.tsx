import { useT } from "../../lib/i18n/context.tsx";
import { Link } from "../../lib/nav.tsx";

/** What the visitor sees when a page cannot be shown: the message, and on 404 a way home. */
export function ErrorPage(props: { status: number; message: string }) {
  const t = useT();
  return (
    <main className="error-page">
      <div className="error-code" aria-hidden="true">
        {props.status}
      </div>
      <h1 className="error-message">{props.message}</h1>
      {props.status === 404 ? (
        <Link className="error-home" to="/">
          {t("backHome")}
        </Link>
      ) : (
        <button type="button" className="error-home" onClick={() => window.location.reload()}>
          {t("reload")}
        </button>
      )}
    </main>
  );
}
