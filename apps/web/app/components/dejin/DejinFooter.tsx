import { emitOpenApp } from "../../lib/events.ts";
import { formatBigNumber } from "../../lib/format.ts";

/**
 * The dejin layout's comment footer (R-LAYOUT-2): the comment box, the report's views and share. Talking
 * with the reporter happens in the app, so each asks to open it (spec §6: deeper actions open the app).
 */
export function DejinFooter({ views }: { views: number }) {
  return (
    <footer className="dj-footer" data-testid="dejin-footer">
      <button type="button" className="dj-footer-input" onClick={emitOpenApp}>
        说说你的看法…
      </button>
      <span className="dj-footer-views">{formatBigNumber(views)}阅读</span>
      <button type="button" className="dj-footer-action" onClick={emitOpenApp}>
        追问记者
      </button>
    </footer>
  );
}
