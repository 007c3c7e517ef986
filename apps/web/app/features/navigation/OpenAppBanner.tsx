import { type ComponentType, useState } from "react";
import { CloseIcon, MenuIcon } from "../../components/icons.tsx";
import { loginFirst } from "../../islands/protocol.ts";
import { isInOwnClient } from "../../lib/device.ts";
import { emitLogin } from "../../lib/events.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { useT } from "../../lib/i18n/context.tsx";
import { lazyComponent } from "../../lib/lazy-component.ts";
import { useSession } from "../../lib/session.tsx";
import { useSite } from "../../lib/site-context.tsx";
import { toast } from "../../lib/toast.ts";
import type { AccountSheetProps } from "../account/AccountSheet.tsx";
import { opensTheApp } from "../open-app/opens-the-app.ts";
import { openButtonBox, WxOpenTag } from "../open-app/WxOpenTag.tsx";
import type { NavPanelProps } from "./NavPanel.tsx";

function BannerRoom(props: { hidden?: boolean }) {
  return <div className="banner-spacer" hidden={props.hidden} />;
}

const loadNavPanel = lazyComponent<NavPanelProps>(() => import("./NavPanel.tsx").then((m) => m.NavPanel));

const loadAccountSheet = lazyComponent<AccountSheetProps>(() =>
  import("../account/AccountSheet.tsx").then((m) => m.AccountSheet),
);

/**
 * The open-app banner at the top of share pages: shown once the page has loaded, outside the
 * product's own client and never on preview links (`preview`: the page's address has `?preview`).
 * The server draws it hidden, and its room; once loaded, the page's start-up shows it (lib/startup/banner.ts);
 * it is an island woken by a tap. In WeChat, once wx.config has passed, WeChat's open
 * tag lies over its open button and launches the app; otherwise the button opens the open-app dialog.
 */
export function OpenAppBanner(props: { preview: boolean }) {
  const hydrated = useHydrated();
  const { site } = useSite();
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<NavPanelProps> | null>(null);
  const session = useSession();
  const [Sheet, setSheet] = useState<ComponentType<AccountSheetProps> | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const { user } = session;

  /** The nav panel is fetched the first time it is opened. */
  function toggleMenu() {
    if (menuOpen) {
      setMenuOpen(false);
      return;
    }
    loadNavPanel()
      .then((component) => {
        setPanel(() => component);
        setMenuOpen(true);
      })
      .catch(() => toast(t("networkError")));
  }

  function openAccount() {
    loadAccountSheet()
      .then((component) => {
        setSheet(() => component);
        setSheetOpen(true);
      })
      .catch(() => toast(t("networkError")));
  }

  if (props.preview) return null;
  // the server keeps the banner's room, so the page does not move when the banner appears
  if (hydrated && isInOwnClient(navigator.userAgent)) return <BannerRoom hidden />;

  return (
    <>
      <BannerRoom />
      <header className="banner" data-testid="open-app-banner" hidden={!hydrated}>
        {site.logo ? (
          <img className="banner-logo" src={site.logo} alt="" width={36} height={36} loading="lazy" />
        ) : null}
        <div className="banner-text">
          <strong className="banner-name">{site.name}</strong>
          <span className="banner-desc">{site.descriptionSet ? site.description : t("bannerDefaultDescription")}</span>
        </div>
        {user ? (
          <button
            type="button"
            className="banner-avatar"
            aria-label={t("myAccount", { alias: user.alias })}
            onClick={openAccount}
          >
            <img src={user.avatar} alt="" width={30} height={30} />
          </button>
        ) : (
          <button type="button" className="banner-login" onClick={emitLogin} {...loginFirst}>
            {t("login")}
          </button>
        )}
        <span style={{ ...openButtonBox, flex: "none" }}>
          <button type="button" className="banner-open" {...opensTheApp}>
            {t("openApp")}
          </button>
          <WxOpenTag label={t("openApp")} />
        </span>
        <button
          type="button"
          className="banner-menu"
          aria-label={menuOpen ? t("closeNav") : t("openNav")}
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? "nav-panel" : undefined}
          onClick={toggleMenu}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
      </header>
      {menuOpen && Panel ? (
        <>
          {/* the page dimmed under the open panel; a tap on it closes the panel (R-UI-NAVPANEL) */}
          <button
            type="button"
            className="nav-backdrop"
            tabIndex={-1}
            aria-label={t("closeNav")}
            data-testid="nav-backdrop"
            onClick={() => setMenuOpen(false)}
          />
          <Panel onClose={() => setMenuOpen(false)} />
        </>
      ) : null}
      {user && Sheet && sheetOpen ? (
        <Sheet user={user} onClose={() => setSheetOpen(false)} onLogout={session.signOut} />
      ) : null}
    </>
  );
}
