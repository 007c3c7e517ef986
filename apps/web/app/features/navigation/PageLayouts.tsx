import type { ReactNode } from "react";
import { decideDejinLayout } from "../../model/layout.ts";
import { BannerSlot } from "./BannerSlot.tsx";

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
