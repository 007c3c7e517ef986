import type { ApiClient } from "@davmu/contracts/client";
import { isRobot } from "@davmu/contracts/robot";
import { siteBase } from "@davmu/contracts/site-path";
import { useContext } from "react";
import type { Route } from "./+types/root";
import { Toaster } from "./components/Toaster.tsx";
import { loginHostWith } from "./features/account/LoginHost.tsx";
import { LoginPopup } from "./features/account/LoginPopup.tsx";
import { DebugConsoleHost } from "./features/debug/DebugConsoleHost.tsx";
import { ErrorPage } from "./features/errors/ErrorPage.tsx";
import { BannerSlot } from "./features/navigation/BannerSlot.tsx";
import { OpenAppDialog } from "./features/open-app/OpenAppDialog.tsx";
import { Island } from "./islands/Island.tsx";
import { PageScripts } from "./islands/PageScripts.tsx";
import { schemeFromCookieHeader } from "./lib/color-scheme.ts";
import { isMiniProgram, shouldUsePcWrapper } from "./lib/device.ts";
import { I18nProvider } from "./lib/i18n/context.tsx";
import { en } from "./lib/i18n/en.server.ts";
import { baseMeta } from "./lib/meta.ts";
import { PageUrlProvider } from "./lib/nav.tsx";
import { PageSettingsContext } from "./lib/page-settings.tsx";
import { RenderSiteState } from "./lib/render-site-state.ts";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "./lib/router.ts";
import { callApiShared } from "./lib/server/api.server.ts";
import { noStore } from "./lib/server/cache-headers.ts";
import { browserEnv } from "./lib/server/env.server.ts";
import { openAppSettings } from "./lib/server/open-app-settings.server.ts";
import { requestSiteState } from "./lib/server/site-state.server.ts";
import { SessionProvider } from "./lib/session.tsx";
import { SiteProvider, type SiteState } from "./lib/site-context.tsx";
import { langFromCookieHeader } from "./model/i18n/lang.ts";
import { translator, zhCN } from "./model/i18n/messages.ts";
import {
  defaultThemeColor,
  parseAppInfo,
  readableThemeColor,
  readableThemeColorOnDark,
  resolveSite,
  wantsDebugConsole,
} from "./model/site.ts";
import { pageStylesheet } from "./page-styles.ts";

/** The login popup's host as the server draws it: the popup hidden, for the page to show at a tap (decision 077). */
const LoginHost = loginHostWith(LoginPopup);

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/media/favicon.png", type: "image/png" }];

/** A page built on defaults because the API failed is not kept by shared caches. */
/** The root's own headers; on an error page drawn here, a route's error headers (a 429's Retry-After) first. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  if (!errorHeaders) return loaderHeaders;
  const merged = new Headers(loaderHeaders);
  for (const [name, value] of errorHeaders) merged.set(name, value);
  return merged;
};

/**
 * The page's stylesheet (the site's own and the parts its page type draws with, page-styles.ts) is
 * inlined in the head: the first packet of a page carries everything needed to draw it, with no
 * render-blocking request. The browser's copy is read back from the page itself, so the CSS is not
 * shipped a second time inside the scripts.
 */
function pageCss(handles: () => unknown[]): string {
  if (import.meta.env.SSR) return pageStylesheet(handles());
  return document.getElementById("critical-css")?.textContent ?? "";
}

export const meta: Route.MetaFunction = () => baseMeta();

/** Pages inside the /pc frame are not sent to /pc again. */
function isFramed(request: Request, url: URL): boolean {
  return request.headers.get("sec-fetch-dest") === "iframe" || url.searchParams.has("pc_frame");
}

type SiteAnswer = Awaited<ReturnType<ApiClient["siteConfig"]>>;
type AppAnswer = Awaited<ReturnType<ApiClient["appInfo"]>>;
/** The site's state per pair of shared answers (callApiShared hands every render the same two). */
const siteStates = new WeakMap<SiteAnswer, WeakMap<AppAnswer, SiteState>>();

/**
 * The site and its theme from the two shared answers, made once per pair rather than per render
 * (app info's JSON parsed, colours checked); made anew when either answer is missing.
 */
function siteStateOf(siteAnswer: SiteAnswer | null, appAnswer: AppAnswer | null): SiteState {
  const make = (): SiteState => ({
    site: resolveSite(siteAnswer?.code === 0 ? siteAnswer.data : null),
    theme: parseAppInfo(appAnswer?.code === 0 ? appAnswer.data.app_info : null),
  });
  if (!siteAnswer || !appAnswer) return make();
  let byApp = siteStates.get(siteAnswer);
  if (!byApp) {
    byApp = new WeakMap();
    siteStates.set(siteAnswer, byApp);
  }
  let state = byApp.get(appAnswer);
  if (!state) {
    state = make();
    byApp.set(appAnswer, state);
  }
  return state;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ua = request.headers.get("user-agent") ?? "";
  const inner = url.pathname.startsWith(siteBase) ? url.pathname.slice(siteBase.length - 1) : url.pathname;
  if (inner !== "/pc" && !isRobot(ua) && shouldUsePcWrapper(ua) && !isFramed(request, url)) {
    throw redirect(`/pc?url=${encodeURIComponent(inner + url.search)}`);
  }
  const [siteAnswer, appAnswer] = await Promise.all([
    callApiShared("site-config", (c) => c.siteConfig()).catch((error) => {
      console.warn("site config unavailable:", (error as Error).message);
      return null;
    }),
    callApiShared("app-info", (c) => c.appInfo()).catch((error) => {
      console.warn("app info unavailable:", (error as Error).message);
      return null;
    }),
  ]);
  // for the render only, not in the loader data (lib/server/site-state.server.ts)
  context.set(requestSiteState, siteStateOf(siteAnswer, appAnswer));
  const failed = siteAnswer?.code !== 0 || appAnswer?.code !== 0;
  // the visitor's language and colour scheme, from their cookies; Chinese pages carry no dictionary
  const cookie = request.headers.get("cookie");
  const lang = langFromCookieHeader(cookie);
  const messages = lang === "en" ? en : null;
  const scheme = schemeFromCookieHeader(cookie);
  // a mini program's web view that says so in its user agent (WeChat 7 and later): the page is drawn
  // for it from the first paint (lib/startup/mini-program.ts)
  const miniProgram = isMiniProgram(ua);
  return data(
    // of the settings, only what the configuration schema lets reach the browser (publicApiBase, linkFrameOrigins)
    // and how the page opens the app (APP_SCHEME and the rest: written into its links anyway)
    { ...browserEnv(), lang, messages, scheme, miniProgram, openApp: openAppSettings() },
    { headers: failed ? noStore : undefined },
  );
}

const themeStyles = new Map<string, React.CSSProperties>();

/** The page's theme colours, worked out once per theme colour (a site has one) rather than per render. */
function themeStyle(color: string): React.CSSProperties {
  let style = themeStyles.get(color);
  if (!style) {
    style = {
      "--theme": color,
      "--theme-text": readableThemeColor(color),
      "--theme-ink-dark": readableThemeColorOnDark(color),
    } as React.CSSProperties;
    // theme colours are checked (#rrggbb) before they get here; a few are all a site ever shows
    if (themeStyles.size >= 16) themeStyles.clear();
    themeStyles.set(color, style);
  }
  return style;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const color = useContext(RenderSiteState)?.theme.primaryColor ?? defaultThemeColor;
  return (
    <html
      lang={root?.lang ?? "zh-CN"}
      data-theme={root?.scheme ?? undefined}
      data-mini-program={root?.miniProgram ? "" : undefined}
      style={themeStyle(color)}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="color-scheme" content="light dark" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="format-detection" content="telephone=no" />
        <meta name="theme-color" content={color} />
        <style id="critical-css" dangerouslySetInnerHTML={{ __html: pageCss(() => matches.map((m) => m.handle)) }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* what the page's islands need and the island loader, in place of React Router's client (decision 058) */}
        <PageScripts />
      </body>
    </html>
  );
}

/** The page's address for the site's components (lib/nav.tsx), from the location React Router matched. */
function PageUrlFromRouter(props: { children: React.ReactNode }) {
  const { pathname, search } = useLocation();
  return <PageUrlProvider value={{ pathname, search }}>{props.children}</PageUrlProvider>;
}

/** The site's defaults, for a render without the root loader's state. */
const defaultSiteState: SiteState = { site: resolveSite(null), theme: parseAppInfo(null) };

/**
 * What every page of the site stands in: its address, language, settings, the site's state and the
 * session, with the hosts of what any part of a page asks for (the open-app dialog, the login popup,
 * toasts). The pages' routes draw inside it, and so does the not-found page.
 */
function SiteShell(props: { data: Route.ComponentProps["loaderData"]; children: React.ReactNode }) {
  const { data } = props;
  const initial = useContext(RenderSiteState) ?? defaultSiteState;
  return (
    <PageUrlFromRouter>
      <I18nProvider lang={data.lang} messages={data.messages}>
        <PageSettingsContext.Provider
          value={{
            publicApiBase: data.publicApiBase,
            openApp: data.openApp,
            linkFrameOrigins: data.linkFrameOrigins,
            scheme: data.scheme,
          }}
        >
          <SiteProvider initial={initial}>
            <SessionProvider publicApiBase={data.publicApiBase}>
              {props.children}
              <Island name="open-app-dialog" wake="interaction" component={OpenAppDialog} props={{}} />
              {/* hosts of what any part of a page asks for: on an island page they wake on the first request (decision 053) */}
              <Island name="login-host" wake="interaction" component={LoginHost} props={{}} />
              <Island name="toaster" wake="interaction" component={Toaster} props={{}} />
              {wantsDebugConsole(initial.site) ? (
                <Island name="debug-console" wake="idle" component={DebugConsoleHost} props={{}} />
              ) : null}
            </SessionProvider>
          </SiteProvider>
        </PageSettingsContext.Provider>
      </I18nProvider>
    </PageUrlFromRouter>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <SiteShell data={loaderData}>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>("root");
  const t = translator(root?.messages ?? zhCN);
  let status = 500;
  let message = t("pageError");
  if (isRouteErrorResponse(error)) {
    status = error.status;
    // the visitor's language, whatever the loader wrote for the log
    message =
      status === 404
        ? t("notFound")
        : status === 502
          ? t("contentLoadFailed")
          : status === 429
            ? t("tooManyRequests")
            : message;
  } else if (error instanceof Error && import.meta.env.DEV) {
    message = error.message;
  }
  // the not-found page (a dead share link, a mistyped address) stands in the site as every page does,
  // under its header: who this is, and the way into the app
  if (status === 404 && root) {
    return (
      <SiteShell data={root}>
        <BannerSlot />
        <ErrorPage status={status} message={message} />
      </SiteShell>
    );
  }
  return (
    <I18nProvider lang={root?.lang ?? "zh-CN"} messages={root?.messages ?? null}>
      {status === 404 ? (
        <ErrorPage status={status} message={message} />
      ) : (
        // 重新加载 needs the page's script: an island woken by the tap
        <Island name="error-page" wake="interaction" component={ErrorPage} props={{ status, message }} />
      )}
    </I18nProvider>
  );
}
