import { type ComponentType, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { networkErrorMessage } from "../lib/account.ts";
import { isInOwnClient } from "../lib/device.ts";
import { emitLogin, emitOpenApp } from "../lib/events.ts";
import { useHydrated } from "../lib/hydrated.ts";
import { lazyComponent } from "../lib/lazy-component.ts";
import { useSession } from "../lib/session.tsx";
import { useSite } from "../lib/site-context.tsx";
import { toast } from "../lib/toast.ts";
import { visibleNavItems } from "../model/nav.ts";
import type { AccountSheetProps } from "./AccountSheet.tsx";
import { CloseIcon, MenuIcon } from "./icons.tsx";

function BannerRoom() {
  return <div className="banner-spacer" />;
}

const loadAccountSheet = lazyComponent<AccountSheetProps>(() =>
  import("./AccountSheet.tsx").then((m) => m.AccountSheet),
);

/**
 * The open-app banner at the top of share pages: shown once the page has loaded, outside the
 * product's own client and never on preview links.
 */
export function OpenAppBanner() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const { site, theme } = useSite();
  const [menuOpen, setMenuOpen] = useState(false);
  const session = useSession();
  const [Sheet, setSheet] = useState<ComponentType<AccountSheetProps> | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const { user } = session;

  function openAccount() {
    loadAccountSheet()
      .then((component) => {
        setSheet(() => component);
        setSheetOpen(true);
      })
      .catch(() => toast(networkErrorMessage));
  }

  if (params.has("preview")) return null;
  // the server keeps the banner's room, so the page does not move when the banner appears
  if (!hydrated) return <BannerRoom />;
  if (isInOwnClient(navigator.userAgent)) return null;
  const navItems = visibleNavItems(theme.navigationItems);

  return (
    <>
      <BannerRoom />
      <header className="banner" data-testid="open-app-banner">
        {site.logo ? <img className="banner-logo" src={site.logo} alt="" width={36} height={36} /> : null}
        <div className="banner-text">
          <strong className="banner-name">{site.name}</strong>
          <span className="banner-desc">{site.description}</span>
        </div>
        {user ? (
          <button type="button" className="banner-avatar" aria-label={`我的账号：${user.alias}`} onClick={openAccount}>
            <img src={user.avatar} alt="" width={30} height={30} />
          </button>
        ) : (
          <button type="button" className="banner-login" onClick={emitLogin}>
            登录
          </button>
        )}
        <button type="button" className="banner-open" onClick={emitOpenApp}>
          打开App
        </button>
        <button
          type="button"
          className="banner-menu"
          aria-label={menuOpen ? "关闭导航" : "打开导航"}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
      </header>
      {menuOpen ? (
        <nav className="nav-panel" aria-label="栏目导航">
          {navItems.length === 0 ? <p className="nav-empty">暂无栏目</p> : null}
          {navItems.map((item) => (
            <section key={item.id} className="nav-section">
              <h2>{item.title}</h2>
              <ul>
                {item.groups.map((group) => (
                  <li key={group.id}>
                    <Link to={`/?group=${encodeURIComponent(group.id)}`} onClick={() => setMenuOpen(false)}>
                      {group.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      ) : null}
      {user && Sheet && sheetOpen ? (
        <Sheet user={user} onClose={() => setSheetOpen(false)} onLogout={session.signOut} />
      ) : null}
    </>
  );
}
