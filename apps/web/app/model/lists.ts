import { contentListMaxPage } from "@davmu/contracts/limits";

/** Items per page of the list pages (content module, list, fly card); the home page shows more at first. */
export const listPageSize = 10;
export const homePageSize = 20;

/** Whether a list has a page after `page`: offset pages stop at the API's deepest page. */
export function hasMorePages(page: number, size: number, total: number, maxPage = contentListMaxPage): boolean {
  return page < maxPage && page * size < total;
}

/** The `page` query value as a page number from 1 to `max`; anything else is page 1. */
export function pageParam(value: string | null, max = contentListMaxPage): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= max ? page : 1;
}
