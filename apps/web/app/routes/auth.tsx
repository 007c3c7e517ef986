import { siteBasePath } from "@davmu/contracts/site-path";
import { useEffect, useRef } from "react";
import { emitLogin } from "../lib/events.ts";
import { baseMeta } from "../lib/meta.ts";
import { safeReturnPath } from "../lib/return-path.ts";
import { useSession } from "../lib/session.tsx";
import { useSite } from "../lib/site-context.tsx";
import authCss from "../styles/auth.css?url";
import type { Route } from "./+types/auth";

/**
 * /auth (R-ROUTE-1): a page of its own for logging in, for links that need a logged-in visitor (an
 * invitation, a form that asks for login, the app's "log in on the web"). It opens the phone login
 * at once and, logged in, returns to `redirect` (a page of this site, else home). Already logged
 * in, it returns straight away.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { returnTo: safeReturnPath(new URL(request.url).searchParams.get("redirect")) };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authCss }];

export const meta = () => baseMeta([{ name: "robots", content: "noindex" }]);

export default function Auth({ loaderData }: Route.ComponentProps) {
  const { returnTo } = loaderData;
  const { site } = useSite();
  const session = useSession();
  const asked = useRef(false);

  useEffect(() => {
    if (!session.restored) return;
    if (session.user) {
      window.location.replace(siteBasePath + returnTo);
      return;
    }
    if (!asked.current) {
      asked.current = true;
      emitLogin();
    }
  }, [session.restored, session.user, returnTo]);

  return (
    <main className="auth-page">
      {site.logo ? <img className="auth-logo" src={site.logo} alt="" width={64} height={64} /> : null}
      <h1 className="auth-title">登录{site.name}</h1>
      <p className="auth-lead">登录后可评论、收藏、关注媒体号，并同步您的阅读记录。</p>
      <button type="button" className="primary-button auth-button" onClick={emitLogin} disabled={!session.restored}>
        手机号登录
      </button>
      <a className="auth-back" href={siteBasePath + returnTo}>
        暂不登录，返回
      </a>
      <noscript>
        <p className="auth-lead">登录需要启用 JavaScript。</p>
      </noscript>
    </main>
  );
}
