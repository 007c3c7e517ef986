import { useContentT } from "../lib/i18n/content.ts";
import { Link } from "../lib/nav.tsx";
import { useNavigate } from "../lib/router.ts";

/** Back and home buttons for the mini program's web view, which has no browser bar of its own. */
export function RouterControl() {
  const navigate = useNavigate();
  const t = useContentT();
  return (
    <nav className="router-control" aria-label={t("pageNavigation")} data-testid="router-control">
      <button type="button" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}>
        <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
          <path d="M11 3L5 9l6 6" stroke="currentColor" strokeWidth="2" fill="none" />
        </svg>
        <span className="visually-hidden">{t("goBack")}</span>
      </button>
      <Link to="/">
        <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
          <path d="M3 8.5L9 3l6 5.5V15H3z" stroke="currentColor" strokeWidth="1.8" fill="none" />
        </svg>
        <span className="visually-hidden">{t("goHome")}</span>
      </Link>
    </nav>
  );
}
