import { type ComponentType, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, redirect } from "react-router";
import { RouterProvider } from "react-router/dom";
import { api, type Me, setCsrfToken } from "./api.ts";
import { LangProvider } from "./i18n.tsx";
import { Guard, Layout } from "./layout.tsx";
import type { Screen } from "./roles.ts";
import { Accounts } from "./screens/accounts.tsx";
import { Activities } from "./screens/activities.tsx";
import { AppDownload } from "./screens/app-download.tsx";
import { Audit } from "./screens/audit.tsx";
import { Forms } from "./screens/forms.tsx";
import { Home } from "./screens/home.tsx";
import { Live } from "./screens/live.tsx";
import { LiveChat } from "./screens/live-chat.tsx";
import { Local } from "./screens/local.tsx";
import { Login } from "./screens/login.tsx";
import { Moderation } from "./screens/moderation.tsx";
import { Previews } from "./screens/previews.tsx";
import { Security } from "./screens/security.tsx";
import { Settings } from "./screens/settings.tsx";
import { Stats } from "./screens/stats.tsx";
import { Tips } from "./screens/tips.tsx";
import "./console.css";

const theme = localStorage.getItem("console-theme");
if (theme === "dark" || theme === "light") document.documentElement.dataset.theme = theme;

/** The screens only some roles open (roles.ts), each at its name's path, behind its guard. */
const guardedScreens: [Exclude<Screen, "security">, ComponentType][] = [
  ["moderation", Moderation],
  ["tips", Tips],
  ["live-chat", LiveChat],
  ["previews", Previews],
  ["live", Live],
  ["forms", Forms],
  ["activities", Activities],
  ["local", Local],
  ["app", AppDownload],
  ["stats", Stats],
  ["settings", Settings],
  ["accounts", Accounts],
  ["audit", Audit],
];

/** A screen another role sees as "not allowed" (the API refuses its calls too). */
function guarded(screen: Screen, Content: ComponentType) {
  return function GuardedScreen() {
    return (
      <Guard screen={screen}>
        <Content />
      </Guard>
    );
  };
}

/** The layout's loader: the logged-in editor, or the login screen (with where to come back to). */
async function sessionLoader({ request }: { request: Request }): Promise<Me> {
  try {
    const me = await api<Me>("GET", "/editor/v1/me", undefined, { quietUnauthorized: true });
    setCsrfToken(me.csrf_token);
    const url = new URL(request.url);
    const limited = me.totp_enrolment_required || me.password_change_required;
    if (limited && !url.pathname.endsWith("/security")) throw redirect("/security");
    return me;
  } catch (error) {
    if (error instanceof Response) throw error;
    const url = new URL(request.url);
    const next = url.pathname.replace(/^\/editor\/console/, "") + url.search;
    throw redirect(`/login${next && next !== "/" ? `?next=${encodeURIComponent(next)}` : ""}`);
  }
}

const router = createBrowserRouter(
  [
    { path: "/login", Component: Login },
    {
      path: "/",
      id: "session",
      loader: sessionLoader,
      Component: Layout,
      shouldRevalidate: () => false,
      children: [
        { index: true, Component: Home },
        ...guardedScreens.map(([screen, Screen]) => ({ path: screen, Component: guarded(screen, Screen) })),
        { path: "security", Component: Security },
      ],
    },
  ],
  { basename: "/editor/console" },
);

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <LangProvider>
        <RouterProvider router={router} />
      </LangProvider>
    </StrictMode>,
  );
}
