/** Paging and input limits shared by the API's schemas and the site; free of schema code for browser bundles. */

/** Deepest page of a content list: offset pagination, so the offset stays bounded. */
export const contentListMaxPage = 100;

/** Longest keyword a visitor may search for, in characters. */
export const searchKeywordMaxLength = 40;
/** Deepest page a search answers. */
export const searchMaxPage = 50;
export const searchMaxPageSize = 20;
