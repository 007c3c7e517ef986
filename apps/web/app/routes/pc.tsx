import { siteBasePath } from "@davmu/contracts/site-path";
import { useSite } from "../lib/site-context.tsx";
import type { Route } from "./+types/pc";

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
  return (
    <main className="pc-page">
      <section className="pc-intro">
        {site.logo ? <img src={site.logo} alt="" width={64} height={64} className="pc-logo" /> : null}
        <h1>{site.name}</h1>
        <p>{site.description}</p>
        <p className="pc-hint">用手机扫码或在微信中打开，阅读体验更佳</p>
      </section>
      <div className="pc-phone">
        <iframe title={`${site.name} 手机版页面`} src={loaderData.src} className="pc-frame" />
      </div>
    </main>
  );
}
