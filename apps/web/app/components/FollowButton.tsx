import { ErrorCode } from "@davmu/contracts/error-codes";
import { useEffect, useState } from "react";
import { networkErrorMessage } from "../lib/account.ts";
import { useSession } from "../lib/session.tsx";
import { toast } from "../lib/toast.ts";
import { PlusIcon } from "./icons.tsx";

/** 关注 / 已关注 for the media account of mp content (R-CONTENT-7); needs login. */
export function FollowButton(props: { mpId: string }) {
  const session = useSession();
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
      .client.isFollowed(props.mpId)
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
      const answer = await session.api().client.follow(props.mpId, type);
      if (answer.code !== ErrorCode.ok) {
        toast(answer.msg || networkErrorMessage);
        return;
      }
      setFollowed(answer.data.is_followed);
      toast(type === "add" ? "关注成功" : "已取消关注");
    } catch {
      toast(networkErrorMessage);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={followed ? "follow is-followed" : "follow"} disabled={busy} onClick={toggle}>
      {followed ? null : <PlusIcon />}
      {followed ? "已关注" : "关注"}
    </button>
  );
}
