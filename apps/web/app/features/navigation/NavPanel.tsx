import { siteBase } from "@davmu/contracts/site-path";
import { useState } from "react";
import { schemeCookie } from "../../lib/color-scheme.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { useListT } from "../../lib/i18n/lists.ts";
import { Link } from "../../lib/nav.tsx";
import { useColorScheme } from "../../lib/preferences.tsx";
import { useSite } from "../../lib/site-context.tsx";
import { toast } from "../../lib/toast.ts";
import { type Lang, langCookie } from "../../model/i18n/lang.ts";
import { groupHref, navTarget, visibleNavItems } from "../../model/nav.ts";
import { globalPrivacyControl, setTrackingOptOut, trackingOptedOut } from "../tracking/tracker-page.ts";

/**
 * The floating nav panel under the banner (R-UI-NAVPANEL): the groups of every navigation item, then
 * the visitor's settings: language (R-WEB-I18N) and dark mode (R-SITE-13).
 */
export interface NavPanelProps {
  onClose(): void;
}

export function NavPanel({ onClose }: NavPanelProps) {
  const { theme } = useSite();
  const { lang } = useI18n();
  const t = useListT();
  const { dark, setScheme } = useColorScheme();
  // reading statistics (R-TRACK-5): on unless switched off here (remembered) or the browser sends GPC
  const gpc = typeof navigator !== "undefined" && globalPrivacyControl();
  const [tracking, setTracking] = useState(() => typeof window !== "undefined" && !gpc && !trackingOptedOut());

  function toggleDark() {
    const next = dark ? "light" : "dark";
    // biome-ignore lint/suspicious/noDocumentCookie: WeChat's Chrome 78 and iOS 12 have no Cookie Store API
    document.cookie = schemeCookie(next, siteBase);
    document.documentElement.setAttribute("data-theme", next);
    setScheme(next);
  }

  /** Keeps the language in the i18n_redirected cookie and reloads the page in it. */
  function setLang(next: Lang) {
    // biome-ignore lint/suspicious/noDocumentCookie: WeChat's Chrome 78 and iOS 12 have no Cookie Store API
    document.cookie = langCookie(next, siteBase);
    window.location.reload();
  }
  const items = visibleNavItems(theme.navigationItems);

  return (
    <nav className="nav-panel" id="nav-panel" aria-label={t("navPanel")} data-testid="nav-panel">
      {items.length === 0 ? <p className="nav-empty">{t("navEmpty")}</p> : null}
      {items.map((item) => (
        <section key={item.id} className="nav-section">
          <h2>{item.title}</h2>
          <ul>
            {item.groups.map((group) => (
              <li key={group.id}>
                {navTarget(item).kind === "unsupported" ? (
                  <button type="button" onClick={() => toast(t("moduleUnsupported"))}>
                    {group.name}
                  </button>
                ) : (
                  <Link to={groupHref(item, group.id)} onClick={onClose}>
                    {group.name}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section className="nav-section nav-settings">
        <h2>{t("settings")}</h2>
        <div className="nav-setting">
          <span aria-hidden="true">{t("language")}</span>
          <fieldset className="segmented">
            <legend className="visually-hidden">{t("language")}</legend>
            <button type="button" aria-pressed={lang === "zh-CN"} onClick={() => lang !== "zh-CN" && setLang("zh-CN")}>
              中文
            </button>
            <button type="button" lang="en" aria-pressed={lang === "en"} onClick={() => lang !== "en" && setLang("en")}>
              English
            </button>
          </fieldset>
        </div>
        <div className="nav-setting">
          <span id="nav-dark">{t("darkMode")}</span>
          <button
            type="button"
            role="switch"
            className="switch"
            aria-checked={dark}
            aria-labelledby="nav-dark"
            data-testid="dark-switch"
            onClick={toggleDark}
          >
            <span className="switch-knob" />
          </button>
        </div>
        <div className="nav-setting">
          <span id="nav-tracking">{lang === "en" ? "Reading statistics" : "阅读统计"}</span>
          <button
            type="button"
            role="switch"
            className="switch"
            aria-checked={tracking}
            aria-labelledby="nav-tracking"
            aria-disabled={gpc || undefined}
            title={
              gpc
                ? lang === "en"
                  ? "Off: your browser asks sites not to track"
                  : "浏览器已开启“全局隐私控制”，不统计"
                : undefined
            }
            data-testid="tracking-switch"
            onClick={() => {
              if (gpc) return;
              setTrackingOptOut(tracking);
              setTracking(!tracking);
            }}
          >
            <span className="switch-knob" />
          </button>
        </div>
      </section>
    </nav>
  );
}
