import { ErrorCode } from "@davmu/contracts/error-codes";
import type { TipReceipt } from "@davmu/contracts/tips";
import { useEffect, useState } from "react";
import { ListHeader } from "../components/ListHeader.tsx";
import { ReceiptList } from "../components/tips/ReceiptList.tsx";
import { ReceiptView } from "../components/tips/ReceiptView.tsx";
import tipsCss from "../components/tips/tips.css?url";
import { callApi } from "../lib/api.server.ts";
import { noStore } from "../lib/cache-headers.ts";
import { requireIndexSegment } from "../lib/guards.server.ts";
import { baseMeta } from "../lib/meta.ts";
import { data, redirect } from "../lib/router.ts";
import { useSession } from "../lib/session.tsx";
import { keepReceipt } from "../lib/tips/receipts.ts";
import type { Route } from "./+types/dejin-tip-receipt";

/**
 * /dejin/tip/{receipt}/index.html (R-TIP-1, decision 034): where a tip stands, by its receipt code.
 * The server renders the status anyone holding the code sees; in the browser the sender's own answer
 * adds the text and pictures, and the receipt is kept for the list of the visitor's tips.
 */
export async function loader({ params }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  const receipt = (params.receipt ?? "").replace(/-/g, "").toUpperCase();
  if (!/^[2-9A-HJ-NP-Z]{8}$/.test(receipt)) throw redirect("/404");
  const answer = await callApi((c) => c.tipReceipt({ params: { receipt } }));
  if (answer.code === ErrorCode.notFound) throw redirect("/404");
  if (answer.code !== ErrorCode.ok) throw data({ message: "receipt unavailable" }, { status: 502 });
  // the status changes as editors work: never kept by shared caches
  return data({ tip: answer.data }, { headers: noStore });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: tipsCss }];

export const meta = () => baseMeta([{ title: "爆料回执" }, { name: "robots", content: "noindex" }]);

export default function TipReceiptPage({ loaderData }: Route.ComponentProps) {
  const [tip, setTip] = useState<TipReceipt>(loaderData.tip);
  const session = useSession();
  const userId = session.user?.user_id;
  const receipt = loaderData.tip.receipt;

  useEffect(() => {
    keepReceipt(receipt);
  }, [receipt]);

  // the sender's own answer carries the text, place and pictures
  useEffect(() => {
    if (!userId) return;
    let live = true;
    session
      .api()
      .client.tipReceipt({ params: { receipt } })
      .then((answer) => {
        if (live && answer.code === ErrorCode.ok) setTip(answer.data);
      })
      .catch((error) => console.warn("receipt reload failed:", error));
    return () => {
      live = false;
    };
  }, [userId, session, receipt]);

  return (
    <>
      <ListHeader />
      <main className="tip-page">
        <ReceiptView tip={tip} />
        <ReceiptList except={receipt} />
      </main>
    </>
  );
}
