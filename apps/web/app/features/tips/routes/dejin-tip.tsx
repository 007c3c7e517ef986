import { Island } from "../../../islands/Island.tsx";
import { baseMeta } from "../../../lib/meta.ts";
import { sitePath } from "../../../lib/nav.tsx";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data } from "../../../lib/router.ts";
import { browserEnv } from "../../../lib/server/env.server.ts";
import { requireIndexSegment } from "../../../lib/server/guards.server.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import { formLimits } from "../limits.server.ts";
import { ReceiptList } from "../ReceiptList.tsx";
import { TipForm } from "../TipForm.tsx";
import tipsCss from "../tips.css?url";
import type { Route } from "./+types/dejin-tip";

/**
 * /dejin/tip/index.html (R-TIP-1, decision 034): a logged-in visitor sends the newsroom a tip with
 * up to nine pictures; below the form, the tips this browser sent, with their status.
 */
export function loader({ params }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  // what the form's island needs besides: where the browser calls the API, where a receipt's page is
  return data(
    keep({ limits: formLimits, publicApiBase: browserEnv().publicApiBase, receiptPath: sitePath("/dejin/tip/") }),
  );
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: tipsCss }];

export const meta = () => baseMeta([{ title: "我要爆料" }]);

/**
 * An island page (decision 061): the page is its form. The form is one island, woken once the
 * browser is idle rather than by a tap: its send button says whether the visitor must log in first
 * (the session, restored in the browser), and what a visitor types goes straight into its state.
 * The list of the visitor's tips is another, woken at idle too: it is drawn from what this browser
 * kept, which only the browser can read, with no tap to wait for.
 */
export const handle: PageHandle = { islands: true };

export default function TipPage({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  return (
    <>
      <ListHeader />
      <main className="tip-page">
        <header className="tip-hero">
          <h1 className="tip-title">我要爆料</h1>
          <p className="tip-lead">身边的新鲜事、烦心事，告诉我们的记者。线索一经采用，我们会第一时间跟进报道。</p>
        </header>
        <Island
          name="tip-form"
          wake="idle"
          component={TipForm}
          props={{
            limits: loaderData.limits,
            publicApiBase: loaderData.publicApiBase,
            receiptPath: loaderData.receiptPath,
          }}
        />
        <Island name="tip-receipts" wake="idle" component={ReceiptList} props={{}} />
      </main>
    </>
  );
}
