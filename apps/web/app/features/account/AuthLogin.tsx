import { siteBasePath } from "@davmu/contracts/site-path";
import { useEffect, useRef } from "react";
import { emitLogin } from "../../lib/events.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { useSession } from "../../lib/session.tsx";

/**
 * /auth's 手机号登录 (R-ROUTE-1): opens the phone login as soon as the session is known and, once
 * logged in, returns to `returnTo` (a path of this site); already logged in, it returns at once. The
 * button opens the login again. An island woken at idle (features/account/routes/auth.tsx).
 */
export function AuthLogin(props: { returnTo: string }) {
  const { returnTo } = props;
  const session = useSession();
  // the island hydrates with the server's markup (no session known yet), then shows the store's state
  const known = useHydrated() && session.restored;
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
    <button type="button" className="primary-button auth-button" onClick={emitLogin} disabled={!known}>
      手机号登录
    </button>
  );
}
