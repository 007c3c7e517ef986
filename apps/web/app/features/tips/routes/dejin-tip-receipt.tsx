import { ErrorCode } from "@davmu/contracts/error-codes";
import { Island } from "../../../islands/Island.tsx";
import { baseMeta } from "../../../lib/meta.ts";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data, redirect } from "../../../lib/router.ts";
import { callApiAsVisitor } from "../../../lib/server/api.server.ts";
import { noStore } from "../../../lib/server/cache-headers.ts";
import { requireIndexSegment } from "../../../lib/server/guards.server.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import { ReceiptList } from "../ReceiptList.tsx";
import { ReceiptPage } from "../ReceiptPage.tsx";
import tipsCss from "../tips.css?url";
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
  // looked up as the visitor: the API's per-address limit on lookups counts them, not this server
  const answer = await callApiAsVisitor((c) => c.tipReceipt({ params: { receipt } }));
  if (answer.code === ErrorCode.notFound) throw redirect("/404");
  // receipts are not to be found by trying: the API limits lookups per visitor's address
  if (answer.code === ErrorCode.tooManyRequests)
    throw data({ message: "too many receipt lookups" }, { status: 429, headers: { "retry-after": "60" } });
  if (answer.code !== ErrorCode.ok) throw data({ message: "receipt unavailable" }, { status: 502 });
  // the status changes as editors work: never kept by shared caches
  return data(keep({ tip: answer.data }), { headers: noStore });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: tipsCss }];

export const meta = () => baseMeta([{ title: "爆料回执" }, { name: "robots", content: "noindex" }]);

/**
 * An island page (decision 061). The receipt and the list of the visitor's tips are islands woken
 * once the browser is idle, not by a tap: the receipt must be kept in this browser as soon as the
 * page is seen (a sender may leave at once), the sender's own view comes with their session, and the
 * list is drawn from what only the browser can read.
 */
export const handle: PageHandle = { islands: true };

export default function TipReceiptPage({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const receipt = loaderData.tip.receipt;
  return (
    <>
      <ListHeader />
      <main className="tip-page">
        <Island name="tip-receipt" wake="idle" component={ReceiptPage} props={{ tip: loaderData.tip }} />
        <Island name="tip-receipts" wake="idle" component={ReceiptList} props={{ except: receipt }} />
      </main>
    </>
  );
}
