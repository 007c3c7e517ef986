import type { NavigationItem } from "@davmu/contracts/app";
import { useEffect, useState } from "react";
import { Island } from "../../islands/Island.tsx";
import type { WakePolicy } from "../../islands/protocol.ts";
import { type ColorScheme, isDark } from "../../lib/color-scheme.ts";
import { useListT } from "../../lib/i18n/lists.ts";
import { Link, usePageUrl } from "../../lib/nav.tsx";
import { useColorScheme } from "../../lib/preferences.tsx";
import { useSite } from "../../lib/site-context.tsx";
import { toast } from "../../lib/toast.ts";
import { navIcon, navTarget, readableLabelColor, selectedNavId, visibleNavItems } from "../../model/nav.ts";

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
 * page, and modules the site cannot show (app and topic categories) say so in a toast. An island,
 * woken by a tap under a list (decision 060) or as the page says (/bar: once idle), and when the
 * visitor picks a colour scheme (its icons follow it). In the system's dark mode without a choice,
 * the stylesheet sets its labels' colours aside before it wakes (styles/nav.css).
 */
export function NavBar(props: { wake?: WakePolicy }) {
  const { scheme } = useColorScheme();
  return <Island name="nav-bar" wake={props.wake ?? "interaction"} component={NavBarIsland} props={{ scheme }} />;
}

/**
 * The bar itself. It hydrates with the scheme the server drew it with (`scheme`), then follows the
 * page's: woken by the nav panel's switch, it must first match the server's markup.
 */
export function NavBarIsland(props: { scheme: ColorScheme | null }) {
  const { theme } = useSite();
  const live = useColorScheme();
  const [hydrating, setHydrating] = useState(true);
  useEffect(() => setHydrating(false), []);
  const scheme = hydrating ? props.scheme : live.scheme;
  const dark = hydrating ? isDark(props.scheme, false) : live.dark;
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
