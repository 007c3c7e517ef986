import { ErrorCode } from "@davmu/contracts/error-codes";
import { useEffect, useState } from "react";
import { PlusIcon } from "../../components/icons.tsx";
import { loginFirst } from "../../islands/protocol.ts";
import { useT } from "../../lib/i18n/context.tsx";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { translate } from "../../model/i18n/messages.ts";

/** 关注 / 已关注 for the media account of mp content (R-CONTENT-7); needs login. */
export function FollowButton(props: { mpId: string }) {
  const session = useSession();
  const t = useT();
  const [followed, setFollowed] = useState(false);
  const [busy, setBusy] = useState(false);
  const userId = session.user ? session.user.user_id : null;

  useEffect(() => {
    if (!userId) {
      setFollowed(false);
      return;
    }
    let live = true;
    session
      .api()
      .client.isFollowed({ params: { id: props.mpId } })
      .then((answer) => {
        if (live && answer.code === ErrorCode.ok) setFollowed(answer.data.is_followed);
      })
      .catch((error) => console.warn("is_followed failed:", error));
    return () => {
      live = false;
    };
  }, [userId, props.mpId, session.api]);

  async function toggle() {
    if (busy || !session.requireLogin()) return;
    setBusy(true);
    const type = followed ? "del" : "add";
    try {
      const answer = await session.api().client.follow({ params: { id: props.mpId }, body: { type } });
      if (answer.code !== ErrorCode.ok) {
        toast(answer.msg || translate("networkError"));
        return;
      }
      setFollowed(answer.data.is_followed);
      toast(translate(type === "add" ? "followDone" : "unfollowDone"));
    } catch {
      toast(translate("networkError"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={followed ? "follow is-followed" : "follow"}
      disabled={busy}
      onClick={toggle}
      {...loginFirst}
    >
      {followed ? null : <PlusIcon />}
      {followed ? t("followed") : t("follow")}
    </button>
  );
}
