import { Island } from "../../islands/Island.tsx";
import { useContentT } from "../../lib/i18n/content.ts";
import { Link, sitePath } from "../../lib/nav.tsx";

/**
 * Back and home buttons for the mini program's web view, which has no browser bar of its own: an
 * island woken by a tap (decision 058). Home is a plain link; back needs the page's script.
 */
export function RouterControl() {
  const t = useContentT();
  return (
    <nav className="router-control" aria-label={t("pageNavigation")} data-testid="router-control">
      <button
        type="button"
        onClick={() => (window.history.length > 1 ? window.history.back() : window.location.assign(sitePath("/")))}
      >
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

/**
 * Where a layout may show the router control: drawn on every such page and shown by the stylesheet
 * only in the mini program (`html[data-mini-program]`, lib/startup/mini-program.ts), with the room it takes.
 */
export function RouterControlSlot() {
  return (
    <div className="router-slot">
      <div className="router-control-spacer" />
      <Island name="router-control" wake="interaction" component={RouterControl} props={{}} />
    </div>
  );
}
