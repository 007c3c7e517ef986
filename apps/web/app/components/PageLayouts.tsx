import type { ReactNode } from "react";
import { usePageEnvironment } from "../lib/environment.ts";
import { decideDejinLayout, decideListLayout, type PageEnvironment } from "../model/layout.ts";
import { BannerSlot } from "./BannerSlot.tsx";
import { MiniProgramRouterControl } from "./DetailShell.tsx";

/** default layout (R-LAYOUT-1): the page as it is. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/**
 * dejin layout (R-LAYOUT-2): header, content, and on the dejin detail page the comment footer
 * (passed in by that page, inside its comments provider).
 */
export function DejinLayout(props: {
  page: "catalog" | "content" | "detail" | "personal" | "topic";
  footer?: ReactNode;
  children: ReactNode;
}) {
  const layout = decideDejinLayout(props.page);
  return (
    <>
      {layout.header ? <BannerSlot /> : null}
      <main className={layout.commentFooter ? "dejin-page has-footer" : "dejin-page"} data-layout="dejin">
        {props.children}
      </main>
      {layout.commentFooter ? props.footer : null}
    </>
  );
}

/**
 * listPage layout (R-LAYOUT-4): the header, or in the mini program a footer (passed in), the router
 * control and the login popup (mounted once by the root route).
 */
export function ListPageLayout(props: { env: PageEnvironment; footer?: ReactNode; children: ReactNode }) {
  const env = usePageEnvironment(props.env);
  const layout = decideListLayout(env);
  return (
    <>
      {layout.header ? <BannerSlot /> : null}
      {layout.routerControl ? <MiniProgramRouterControl /> : null}
      <main className="list-page" data-layout="listPage">
        {props.children}
      </main>
      {layout.footer ? props.footer : null}
    </>
  );
}
