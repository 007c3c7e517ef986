import type { NavigationItem } from "@davmu/contracts/app";
import type { ColorScheme } from "../lib/color-scheme.ts";
import { useListT } from "../lib/i18n/lists.ts";
import { Link, usePageUrl } from "../lib/nav.tsx";
import { useColorScheme } from "../lib/preferences.tsx";
import { useSite } from "../lib/site-context.tsx";
import { toast } from "../lib/toast.ts";
import { navIcon, navTarget, readableLabelColor, selectedNavId, visibleNavItems } from "../model/nav.ts";

/** An item's icon: with no chosen scheme the browser picks the dark variant itself (no flash on load). */
function NavIcon(props: { icons: NavigationItem["icons"]; selected: boolean; scheme: ColorScheme | null }) {
  const { icons, selected, scheme } = props;
  const light = navIcon(icons, selected, false);
  if (scheme !== null) {
    return (
      <img className="navbar-icon" src={navIcon(icons, selected, scheme === "dark")} alt="" width={24} height={24} />
    );
  }
  return (
    <picture>
      <source srcSet={navIcon(icons, selected, true)} media="(prefers-color-scheme: dark)" />
      <img className="navbar-icon" src={light} alt="" width={24} height={24} />
    </picture>
  );
}

/**
 * The bottom navigation bar (R-UI-NAVBAR) from app info: home goes to /, content modules to their
 * page, and modules the site cannot show (app and topic categories) say so in a toast.
 */
export function NavBar() {
  const { theme } = useSite();
  const { scheme, dark } = useColorScheme();
  const t = useListT();
  const { pathname, search } = usePageUrl();
  const items = visibleNavItems(theme.navigationItems);
  if (items.length === 0) return null;
  const selectedId = selectedNavId(items, pathname, search);

  return (
    <>
      <div className="navbar-room" />
      <nav className="navbar" aria-label={t("bottomNav")} data-testid="navbar">
        <ul>
          {items.map((item) => {
            const selected = item.id === selectedId;
            const target = navTarget(item);
            // app-info colours on the light bar; the dark theme's own colours at night
            const color = dark ? undefined : readableLabelColor(selected ? item.labelSelectedColor : item.labelColor);
            const body = (
              <>
                <NavIcon icons={item.icons} selected={selected} scheme={scheme} />
                <span className="navbar-title">{item.title}</span>
              </>
            );
            return (
              <li key={item.id} className={selected ? "is-selected" : undefined}>
                {target.kind === "link" ? (
                  <Link
                    to={target.to}
                    className="navbar-item"
                    aria-current={selected ? "page" : undefined}
                    style={color ? { color } : undefined}
                    data-nav-id={item.id}
                  >
                    {body}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="navbar-item"
                    style={color ? { color } : undefined}
                    data-nav-id={item.id}
                    onClick={() => toast(t("moduleUnsupported"))}
                  >
                    {body}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
