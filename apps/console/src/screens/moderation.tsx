import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, api, query } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { Badge, NoticeBar, PageHeader, useNotice } from "../ui.tsx";
import { AuthorPanel } from "./author-panel.tsx";

interface Item {
  kind: "comment" | "report_comment" | "chat";
  gid: string;
  post_id: string;
  content: string;
  alias: string;
  status: string;
  report_count: number;
  hold_reason: string;
  created_at: string;
  author_id: string;
}

type Queue = "pending" | "reported" | "all";

/** An item's key: ids are per system, so a comment and a chat message may share one. */
const keyOf = (item: Pick<Item, "kind" | "gid">) => `${item.kind}:${item.gid}`;

const queueLabels = { pending: "held", reported: "reported", all: "allQueue" } as const;

const kindLabels = { comment: "kindComment", report_comment: "kindReportComment", chat: "kindChat" } as const;

/** The call that moderates an item: comments have their own; report comments and chat share one. */
function moderateItem(item: Item, action: Action): Promise<unknown> {
  if (item.kind !== "comment") return api("POST", `/editor/v1/moderation/${item.kind}/${item.gid}`, { action });
  if (action === "delete") return api("DELETE", `/editor/v1/comments/${item.gid}`);
  return api("POST", `/editor/v1/comments/${item.gid}`, { action });
}
type Action = "approve" | "reject" | "delete";

/** How often the queue is read again: other editors' actions show within 2 s (R-CONSOLE-5). */
const pollMs = 1500;

export function Moderation() {
  const { t, lang } = useT();
  const [queue, setQueue] = useState<Queue>("pending");
  const [items, setItems] = useState<Item[] | null>(null);
  const [cursor, setCursor] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [help, setHelp] = useState(false);
  /** The side panel follows the current item's author while open (R-MOD-2). */
  const [authorOpen, setAuthorOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { notice, setNotice, fail, ok } = useNotice();
  const rows = useRef<Map<string, HTMLTableRowElement>>(new Map());

  const load = useCallback(async () => {
    try {
      const answer = await api<{ list: Item[] }>("GET", `/editor/v1/comments${query({ status: queue, size: 100 })}`);
      setItems(answer.list);
      // what another editor handled meanwhile leaves the selection too
      setSelected((before) => new Set([...before].filter((key) => answer.list.some((item) => keyOf(item) === key))));
    } catch (error) {
      fail(error);
    }
  }, [queue, fail]);

  useEffect(() => {
    setItems(null);
    setCursor(0);
    setSelected(new Set());
    load();
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") load();
    }, pollMs);
    return () => clearInterval(timer);
  }, [load]);

  const list = items ?? [];
  const current = list[Math.min(cursor, list.length - 1)];

  const act = useCallback(
    async (action: Action, targets: Item[]) => {
      if (targets.length === 0 || busy) return;
      if (action === "delete" && targets.length > 1 && !confirm(t("confirmDelete", { n: targets.length }))) return;
      setBusy(true);
      const conflicts: string[] = [];
      let handled = 0;
      for (const item of targets) {
        try {
          await moderateItem(item, action);
          handled += 1;
        } catch (error) {
          if (error instanceof ApiError && (error.status === 409 || error.status === 404))
            conflicts.push(error.message);
          else {
            fail(error);
            break;
          }
        }
      }
      // the "all" queue keeps an approved text (it is shown now); the others drop what was handled
      setItems(
        (before) =>
          before?.filter((item) => !targets.includes(item) || (queue === "all" && action === "approve")) ?? before,
      );
      setSelected(new Set());
      setBusy(false);
      if (conflicts.length > 0) setNotice({ kind: "conflict", text: [...new Set(conflicts)].join("；") });
      else if (handled > 0) ok(t("done", { n: handled }));
      load();
    },
    [busy, fail, load, ok, queue, setNotice, t],
  );

  const targets = useCallback(
    () => (selected.size > 0 ? list.filter((item) => selected.has(keyOf(item))) : current ? [current] : []),
    [selected, current, list],
  );

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement;
      if (target.closest("input, textarea, select") || event.metaKey || event.ctrlKey || event.altKey) return;
      // while the help is open, its own keys only: nothing is moderated behind it
      if (help && event.key !== "?" && event.key !== "Escape") return;
      const move = (by: number) => {
        const next = Math.max(0, Math.min(list.length - 1, cursor + by));
        setCursor(next);
        const item = list[next];
        if (item) rows.current.get(keyOf(item))?.scrollIntoView({ block: "nearest" });
      };
      switch (event.key) {
        case "j":
          move(1);
          break;
        case "k":
          move(-1);
          break;
        case "a":
          act("approve", targets());
          break;
        case "r":
          act("reject", targets());
          break;
        case "d":
          act("delete", targets());
          break;
        case "x":
          if (current) toggle(keyOf(current));
          break;
        case "u":
          if (current) setAuthorOpen(true);
          break;
        case "?":
          setHelp((shown) => !shown);
          break;
        case "Escape":
          if (help) setHelp(false);
          else setAuthorOpen(false);
          break;
        default:
          return;
      }
      event.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const toggle = (key: string) =>
    setSelected((before) => {
      const next = new Set(before);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const allSelected = list.length > 0 && selected.size === list.length;

  return (
    <>
      <PageHeader title={t("navModeration")}>
        <span className="live-dot" title={t("live")}>
          {t("live")}
        </span>
        <button type="button" className="ghost" onClick={() => setHelp(true)} aria-haspopup="dialog">
          {t("shortcuts")} <kbd>?</kbd>
        </button>
      </PageHeader>
      <div className="tabs" role="tablist" aria-label={t("navModeration")}>
        {(["pending", "reported", "all"] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={queue === name}
            className={queue === name ? "tab active" : "tab"}
            onClick={() => setQueue(name)}
          >
            {t(queueLabels[name])}
            {queue === name && items && <span className="count">{items.length}</span>}
          </button>
        ))}
      </div>
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      <div className="toolbar">
        <span className="muted">{selected.size > 0 ? t("selected", { n: selected.size }) : t("shortcutsHint")}</span>
        <span className="spacer" />
        <button type="button" className="success" disabled={busy || !current} onClick={() => act("approve", targets())}>
          {t("approve")} <kbd>a</kbd>
        </button>
        <button type="button" className="warning" disabled={busy || !current} onClick={() => act("reject", targets())}>
          {t("reject")} <kbd>r</kbd>
        </button>
        <button type="button" className="danger" disabled={busy || !current} onClick={() => act("delete", targets())}>
          {t("remove")} <kbd>d</kbd>
        </button>
      </div>
      <div className={authorOpen && current ? "queue-layout with-side" : "queue-layout"}>
        <div className="table-wrap">
          <table className="table queue">
            <thead>
              <tr>
                <th className="check">
                  <input
                    type="checkbox"
                    aria-label={t("selectAll")}
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(list.map(keyOf)))}
                  />
                </th>
                <th>{t("content")}</th>
                <th>{t("author")}</th>
                <th>{t(queue === "all" ? "kindHeader" : queue === "pending" ? "reason" : "reports")}</th>
                <th>{t("time")}</th>
              </tr>
            </thead>
            <tbody>
              {items === null && (
                <tr>
                  <td colSpan={5} className="muted center">
                    {t("loading")}
                  </td>
                </tr>
              )}
              {items?.length === 0 && (
                <tr>
                  <td colSpan={5} className="muted center">
                    {t("empty")}
                  </td>
                </tr>
              )}
              {list.map((item, index) => (
                <tr
                  key={keyOf(item)}
                  ref={(row) => {
                    if (row) rows.current.set(keyOf(item), row);
                    else rows.current.delete(keyOf(item));
                  }}
                  className={`${item === current ? "current" : ""} ${selected.has(keyOf(item)) ? "selected" : ""}`}
                  aria-current={item === current ? "true" : undefined}
                  data-gid={item.gid}
                  onClick={() => setCursor(index)}
                >
                  <td className="check">
                    <input
                      type="checkbox"
                      aria-label={item.content.slice(0, 40)}
                      checked={selected.has(keyOf(item))}
                      onChange={() => toggle(keyOf(item))}
                    />
                  </td>
                  <td className="comment-text">{item.content}</td>
                  <td>
                    <button
                      type="button"
                      className="link"
                      title={t("keyAuthor")}
                      onClick={() => {
                        setCursor(index);
                        setAuthorOpen(true);
                      }}
                    >
                      {item.alias}
                    </button>
                  </td>
                  <td>
                    {queue === "all" ? (
                      <span className="badges">
                        <Badge tone={item.kind === "chat" ? "blue" : item.kind === "comment" ? "gray" : "amber"}>
                          {t(kindLabels[item.kind])}
                        </Badge>
                        {item.status === "pending" && <Badge tone="amber">{t("held")}</Badge>}
                      </span>
                    ) : queue === "pending" ? (
                      <Badge tone="amber">
                        {item.hold_reason === "link" ? t("holdLink") : item.hold_reason || "—"}
                      </Badge>
                    ) : (
                      <Badge tone="red">{item.report_count}</Badge>
                    )}
                  </td>
                  <td className="nowrap muted">{formatTime(item.created_at, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {authorOpen && current && <AuthorPanel userId={current.author_id} onClose={() => setAuthorOpen(false)} />}
      </div>
      {help && <ShortcutHelp onClose={() => setHelp(false)} />}
    </>
  );
}

function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  const keys: [string, Parameters<typeof t>[0]][] = [
    ["j", "keyNext"],
    ["k", "keyPrev"],
    ["x", "keySelect"],
    ["a", "keyApprove"],
    ["r", "keyReject"],
    ["d", "keyDelete"],
    ["u", "keyAuthor"],
    ["?", "keyHelp"],
  ];
  return (
    <div className="overlay">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="shortcut-title">
        <h2 id="shortcut-title">{t("shortcuts")}</h2>
        <dl className="keys">
          {keys.map(([key, label]) => (
            <div key={key}>
              <dt>
                <kbd>{key}</kbd>
              </dt>
              <dd>{t(label)}</dd>
            </div>
          ))}
        </dl>
        {/* biome-ignore lint/a11y/noAutofocus: the one control of the dialog, so Enter or Escape closes it */}
        <button type="button" className="primary" onClick={onClose} autoFocus>
          {t("close")}
        </button>
      </div>
    </div>
  );
}
