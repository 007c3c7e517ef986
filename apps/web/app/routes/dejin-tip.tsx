import { ListHeader } from "../components/ListHeader.tsx";
import { ReceiptList } from "../components/tips/ReceiptList.tsx";
import { TipForm } from "../components/tips/TipForm.tsx";
import tipsCss from "../components/tips/tips.css?url";
import { requireIndexSegment } from "../lib/guards.server.ts";
import { baseMeta } from "../lib/meta.ts";
import { data } from "../lib/router.ts";
import { usePublicApiBase } from "../lib/tips/api-base.ts";
import { formLimits } from "../lib/tips/limits.server.ts";
import type { Route } from "./+types/dejin-tip";

/**
 * /dejin/tip/index.html (R-TIP-1, decision 034): a logged-in visitor sends the newsroom a tip with
 * up to nine pictures; below the form, the tips this browser sent, with their status.
 */
export function loader({ params }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  return data({ limits: formLimits });
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: tipsCss }];

export const meta = () => baseMeta([{ title: "我要爆料" }]);

const receiptUrl = (receipt: string) => `/davmu/share/dejin/tip/${receipt}/index.html`;

export default function TipPage({ loaderData }: Route.ComponentProps) {
  const publicApiBase = usePublicApiBase();
  return (
    <>
      <ListHeader />
      <main className="tip-page">
        <header className="tip-hero">
          <h1 className="tip-title">我要爆料</h1>
          <p className="tip-lead">身边的新鲜事、烦心事，告诉我们的记者。线索一经采用，我们会第一时间跟进报道。</p>
        </header>
        <TipForm limits={loaderData.limits} publicApiBase={publicApiBase} receiptUrl={receiptUrl} />
        <ReceiptList />
      </main>
    </>
  );
}
