import { type ReactNode, useCallback, useEffect, useState } from "react";
import { NavLink, Outlet, useLoaderData, useLocation, useNavigate } from "react-router";
import { api, type Me, onSessionExpired, type Role, setCsrfToken } from "./api.ts";
import { useT } from "./i18n.tsx";
import { Icon, type IconName } from "./icons.tsx";
import { canSee, type Screen } from "./roles.ts";
import { SessionContext, useSession } from "./session.tsx";

type NavKey = Parameters<ReturnType<typeof useT>["t"]>[0];

const groups: { label: NavKey; items: { screen: Screen; label: NavKey; icon: IconName }[] }[] = [
  {
    label: "groupModeration",
    items: [
      { screen: "moderation", label: "navModeration", icon: "comments" },
      { screen: "tips", label: "navTips", icon: "inbox" },
      { screen: "live-chat", label: "navLiveChat", icon: "chat" },
    ],
  },
  {
    label: "groupContent",
    items: [
      { screen: "previews", label: "navPreviews", icon: "link" },
      { screen: "live", label: "navLive", icon: "live" },
      { screen: "forms", label: "navForms", icon: "forms" },
      { screen: "activities", label: "navActivities", icon: "activities" },
      { screen: "local", label: "navLocal", icon: "local" },
      { screen: "app", label: "navApp", icon: "download" },
      { screen: "stats", label: "navStats", icon: "stats" },
    ],
  },
  {
    label: "groupAdmin",
    items: [
      { screen: "settings", label: "navSettings", icon: "settings" },
      { screen: "accounts", label: "navAccounts", icon: "accounts" },
      { screen: "audit", label: "navAudit", icon: "audit" },
      { screen: "security", label: "navSecurity", icon: "security" },
    ],
  },
];

export const roleLabel: Record<Role, NavKey> = {
  admin: "roleAdmin",
  editor: "roleEditor",
  moderator: "roleModerator",
  analyst: "roleAnalyst",
};

export function Layout() {
  const loaded = useLoaderData() as Me;
  const [me, setMe] = useState(loaded);
  const { t, lang, setLang } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  const refresh = useCallback(async () => {
    const fresh = await api<Me>("GET", "/editor/v1/me");
    setCsrfToken(fresh.csrf_token);
    setMe(fresh);
  }, []);

  // a call answered 401 (the session expired, was revoked, the account disabled): back to the login screen
  useEffect(
    () =>
      onSessionExpired(() => {
        const next = location.pathname + location.search;
        navigate(`/login?expired=1&next=${encodeURIComponent(next)}`, { replace: true });
      }),
    [navigate, location],
  );

  // a session that ends while the editor reads a screen that polls nothing still goes back to login
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") refresh().catch(() => {});
    }, 60_000);
    return () => clearInterval(timer);
  }, [refresh]);

  const toggleTheme = () => {
    const dark =
      document.documentElement.dataset.theme === "dark" ||
      (!document.documentElement.dataset.theme && matchMedia("(prefers-color-scheme: dark)").matches);
    const next = dark ? "light" : "dark";
    document.documentElement.dataset.theme = next;
    localStorage.setItem("console-theme", next);
  };

  const logout = async () => {
    try {
      await api("POST", "/editor/v1/logout", undefined, { quietUnauthorized: true });
    } catch {
      // already ended: the login screen either way
    }
    navigate("/login?out=1", { replace: true });
  };

  const role = me.editor.role;
  return (
    <SessionContext value={{ me, refresh }}>
      <div className={`shell${menuOpen ? " menu-open" : ""}`}>
        <aside className="sidebar" aria-label={t("menu")}>
          <div className="brand">
            <span className="brand-mark" aria-hidden="true">
              澜
            </span>
            <span className="brand-name">{t("brandShort")}</span>
          </div>
          <nav>
            {groups.map((group) => {
              // until a TOTP an admin requires is enrolled, the API answers nothing else (403)
              const items = group.items.filter(
                (item) =>
                  canSee(role, item.screen) &&
                  ((!me.totp_enrolment_required && !me.password_change_required) || item.screen === "security"),
              );
              if (items.length === 0) return null;
              return (
                <div className="nav-group" key={group.label}>
                  <div className="nav-group-label">{t(group.label)}</div>
                  <ul>
                    {items.map((item) => (
                      <li key={item.screen}>
                        <NavLink to={`/${item.screen}`} className="nav-link" onClick={() => setMenuOpen(false)}>
                          <Icon name={item.icon} className="nav-icon" />
                          {t(item.label)}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </nav>
        </aside>
        <div className="main">
          <div className="topbar">
            <button
              type="button"
              className="menu-button"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(!menuOpen)}
              aria-label={t("menu")}
            >
              ☰
            </button>
            <span className="topbar-title">{t("brand")}</span>
            <span className="spacer" />
            <span className="who">
              <span className="who-name">{me.editor.name}</span>
              <span className={`badge badge-role badge-${role}`}>{t(roleLabel[role])}</span>
            </span>
            <button type="button" className="ghost" onClick={() => setLang(lang === "en" ? "zh-CN" : "en")}>
              {t("language")}
            </button>
            <button
              type="button"
              className="ghost icon"
              onClick={toggleTheme}
              aria-label={t("theme")}
              title={t("theme")}
            >
              ◐
            </button>
            <button type="button" className="ghost" onClick={logout}>
              {t("logout")}
            </button>
          </div>
          <main className="content" id="content">
            <Outlet />
          </main>
        </div>
        {menuOpen && (
          <button type="button" className="scrim" aria-label={t("close")} onClick={() => setMenuOpen(false)} />
        )}
      </div>
    </SessionContext>
  );
}

/** A screen only some roles may open: others see why instead (the API refuses their calls too). */
export function Guard({ screen, children }: { screen: Screen; children: ReactNode }) {
  const { me } = useSession();
  const { t } = useT();
  if (!canSee(me.editor.role, screen)) {
    return (
      <div className="empty-state" role="alert">
        <Icon name="security" className="empty-icon" />
        <h1>{t("notAllowed")}</h1>
      </div>
    );
  }
  return <>{children}</>;
}
