import { siteBasePath } from "@davmu/contracts/site-path";
import { Island } from "../../../islands/Island.tsx";
import { baseMeta } from "../../../lib/meta.ts";
import { keep, pageData } from "../../../lib/page-data.ts";
import { useSite } from "../../../lib/site-context.tsx";
import type { PageHandle } from "../../../page-styles.ts";
import { AuthLogin } from "../AuthLogin.tsx";
import authCss from "../auth.css?url";
import { safeReturnPath } from "../return-path.ts";
import type { Route } from "./+types/auth";

/**
 * /auth (R-ROUTE-1): a page of its own for logging in, for links that need a logged-in visitor (an
 * invitation, a form that asks for login, the app's "log in on the web"). It opens the phone login
 * at once and, logged in, returns to `redirect` (a page of this site, else home). Already logged
 * in, it returns straight away.
 */
export function loader({ request }: Route.LoaderArgs) {
  return keep({ returnTo: safeReturnPath(new URL(request.url).searchParams.get("redirect")) });
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authCss }];

export const meta = () => baseMeta([{ name: "robots", content: "noindex" }]);

/** An island page (decision 064): the text is server HTML; 手机号登录 is an island. */
export const handle: PageHandle = { islands: true };

export default function Auth({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { returnTo } = loaderData;
  const { site } = useSite();

  return (
    <main className="auth-page">
      {site.logo ? <img className="auth-logo" src={site.logo} alt="" width={64} height={64} /> : null}
      <h1 className="auth-title">登录{site.name}</h1>
      <p className="auth-lead">登录后可评论、收藏、关注媒体号，并同步您的阅读记录。</p>
      {/* idle, not interaction: the page opens the login by itself, without a tap */}
      <Island name="auth-login" wake="idle" component={AuthLogin} props={{ returnTo }} />
      <a className="auth-back" href={siteBasePath + returnTo}>
        暂不登录，返回
      </a>
      <noscript>
        <p className="auth-lead">登录需要启用 JavaScript。</p>
      </noscript>
    </main>
  );
}
