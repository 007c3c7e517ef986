import { siteBasePath } from "@davmu/contracts/site-path";
import { useContentT } from "../lib/i18n/content.ts";
import { useSite } from "../lib/site-context.tsx";
import type { PageHandle } from "../page-styles.ts";
import type { Route } from "./+types/pc";

/** The stylesheet parts this page draws with (page-styles.ts). */
export const handle: PageHandle = { styles: ["pc"] };

/** Only pages of this site may be framed: a path under the base, never another origin. */
export function frameSource(url: string | null): string {
  let path = url?.startsWith("/") && !url.startsWith("//") ? url : "/";
  if (path.startsWith(`${siteBasePath}/`)) path = path.slice(siteBasePath.length);
  if (path === "/pc" || path.startsWith("/pc?")) path = "/";
  const separator = path.includes("?") ? "&" : "?";
  return `${siteBasePath}${path}${separator}pc_frame=1`;
}

export function loader({ request }: Route.LoaderArgs) {
  return { src: frameSource(new URL(request.url).searchParams.get("url")) };
}

/** Desktop wrapper: the share page inside a phone frame, with a note to open it on a phone. */
export default function PcWrapper({ loaderData }: Route.ComponentProps) {
  const { site } = useSite();
  const t = useContentT();
  return (
    <main className="pc-page">
      <section className="pc-intro">
        {site.logo ? <img src={site.logo} alt="" width={64} height={64} className="pc-logo" /> : null}
        <h1>{site.name}</h1>
        <p>{site.description}</p>
        <p className="pc-hint">{t("pcHint")}</p>
      </section>
      <div className="pc-phone">
        <iframe title={t("pcFrameTitle", { site: site.name })} src={loaderData.src} className="pc-frame" />
      </div>
    </main>
  );
}
