import type { EnvelopeOf } from "@davmu/contracts/error-codes";
import { useState } from "react";

export interface Paged<T> {
  list: T[];
  page: number;
  size: number;
  total: number;
  has_more: boolean;
}

/**
 * A list the server rendered its first page of, continued in the browser: `more` loads the next page
 * (or page 1 again when the server's load failed); a failed load is logged and offers a retry.
 */
export function usePagedList<T extends { id: string }>(
  first: Paged<T> | null,
  load: (page: number) => Promise<EnvelopeOf<Paged<T>>>,
) {
  const [items, setItems] = useState<T[]>(first?.list ?? []);
  const [page, setPage] = useState(first ? first.page : 0);
  const [hasMore, setHasMore] = useState(first ? first.has_more : false);
  const [total, setTotal] = useState(first ? first.total : 0);
  const [state, setState] = useState<"idle" | "loading" | "failed">(first ? "idle" : "failed");

  async function more() {
    if (state === "loading") return;
    setState("loading");
    try {
      const answer = await load(page + 1);
      if (answer.code !== 0) throw new Error(`code ${answer.code}: ${answer.msg}`);
      const seen = new Set(items.map((item) => item.id));
      setItems(items.concat(answer.data.list.filter((item) => !seen.has(item.id))));
      setPage(answer.data.page);
      setHasMore(answer.data.has_more);
      setTotal(answer.data.total);
      setState("idle");
    } catch (error) {
      console.warn("list page failed to load:", error);
      setState("failed");
    }
  }

  return { items, hasMore, total, state, more: () => void more() };
}
