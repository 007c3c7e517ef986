import { ErrorCode } from "@davmu/contracts/error-codes";
import type { InviteCard } from "@davmu/contracts/invites";
import { siteBasePath } from "@davmu/contracts/site-path";
import { Island } from "../../../islands/Island.tsx";
import { baseMeta } from "../../../lib/meta.ts";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data } from "../../../lib/router.ts";
import { callApi } from "../../../lib/server/api.server.ts";
import { requireIndexSegment } from "../../../lib/server/guards.server.ts";
import { useSite } from "../../../lib/site-context.tsx";
import type { PageHandle } from "../../../page-styles.ts";
import authCss from "../../account/auth.css?url";
import { InviteAccept } from "../InviteAccept.tsx";
import type { Route } from "./+types/invite";

type Loaded = { state: "open" | "used-up"; card: InviteCard } | { state: "unknown"; card: null };

/**
 * /invite/{code}/index.html (R-INVITE-1): who invites and what the reader gets; accepting logs the reader in by
 * phone (the login popup) and enters the code (`POST /peony/v1/account`). Unknown codes answer 404
 * and used-up ones say so, each on a clear page of its own.
 */
export async function loader({ params }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  const code = params.code ?? "";
  const answer = /^[A-Za-z0-9]{4,16}$/.test(code)
    ? await callApi((c) => c.inviteCard({ params: { code } }))
    : { code: ErrorCode.notFound, msg: "", data: null };
  if (answer.code === ErrorCode.ok && answer.data) {
    const loaded: Loaded = { state: answer.data.used_up ? "used-up" : "open", card: answer.data };
    return data(keep(loaded), { headers: { "Cache-Control": "no-store" } });
  }
  if (answer.code !== ErrorCode.notFound && answer.code !== ErrorCode.badRequest) {
    throw data({ message: "invite card unavailable" }, { status: 502 });
  }
  const unknown: Loaded = { state: "unknown", card: null };
  return data(keep(unknown), { status: 404, headers: { "Cache-Control": "no-store" } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authCss }];

export const meta = () => baseMeta([{ name: "robots", content: "noindex" }]);

/**
 * An island page (decision 064): who invites and what the reader gets are server HTML; 接受邀请 is an
 * island.
 */
export const handle: PageHandle = { islands: true };

export default function Invite({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const loaded = loaderData as Loaded;
  const { site } = useSite();

  if (loaded.state === "unknown" || !loaded.card) {
    return (
      <main className="auth-page invite-page">
        <h1 className="auth-title">邀请码不存在</h1>
        <p className="auth-lead">这个邀请链接无效，请向邀请您的好友重新索取。</p>
        <a className="auth-back" href={`${siteBasePath}/`}>
          去首页看看
        </a>
      </main>
    );
  }
  const { card } = loaded;
  return (
    <main className="auth-page invite-page">
      {card.inviter.avatar ? (
        <img className="auth-logo invite-avatar" src={card.inviter.avatar} alt="" width={64} height={64} />
      ) : null}
      <h1 className="auth-title">
        {card.inviter.alias} 邀请您加入{site.name}
      </h1>
      {loaded.state === "used-up" ? (
        <>
          <p className="auth-lead">这个邀请码的名额（{card.capacity} 人）已经用完了，您仍可直接注册使用。</p>
          <a className="auth-back" href={`${siteBasePath}/auth`}>
            直接登录
          </a>
        </>
      ) : (
        <>
          <p className="auth-lead">{card.reward}</p>
          <p className="invite-code">
            邀请码 <strong>{card.code}</strong>
          </p>
          {/*
            idle, not interaction: the button waits for the session (disabled until it is known), and
            a disabled button answers no tap that could wake it
          */}
          <Island name="invite-accept" wake="idle" component={InviteAccept} props={{ code: card.code }} />
        </>
      )}
    </main>
  );
}
