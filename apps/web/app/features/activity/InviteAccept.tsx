import { ErrorCode } from "@davmu/contracts/error-codes";
import { useEffect, useRef, useState } from "react";
import { emitLogin } from "../../lib/events.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";

/**
 * 接受邀请 (R-INVITE-1): a logged-in reader enters the code at once; anyone else logs in by phone
 * first (the login popup) and the code is entered once the login has gone through. An island woken
 * at idle (features/activity/routes/invite.tsx).
 */
export function InviteAccept(props: { code: string }) {
  const { code } = props;
  const session = useSession();
  // the island hydrates with the server's markup (no session known yet), then shows the store's state
  const known = useHydrated() && session.restored;
  const [accepted, setAccepted] = useState<string | null>(null);
  const wanted = useRef(false);

  async function accept() {
    const answer = await session.api().client.invite({ body: { invite_code: code } });
    if (answer.code === ErrorCode.ok) {
      setAccepted("已接受邀请，欢迎加入！");
      toast("已接受邀请");
    } else {
      setAccepted(answer.msg || "接受邀请失败，请稍后再试");
    }
  }

  // asked to accept before logging in: accept once the login has gone through
  useEffect(() => {
    if (wanted.current && session.user) {
      wanted.current = false;
      accept().catch(() => toast("网络异常，请稍后再试"));
    }
  });

  return accepted ? (
    <p className="auth-lead invite-accepted" role="status">
      {accepted}
    </p>
  ) : (
    <button
      type="button"
      className="primary-button auth-button"
      disabled={!known}
      onClick={() => {
        if (session.user) {
          accept().catch(() => toast("网络异常，请稍后再试"));
          return;
        }
        wanted.current = true;
        emitLogin();
      }}
    >
      接受邀请
    </button>
  );
}
