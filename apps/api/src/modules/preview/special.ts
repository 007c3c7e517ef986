import { type SpecialDetail, unavailableStates } from "@davmu/contracts/content";
import type { FastifyInstance } from "fastify";
import { parseDetail, toContentItem, toRelatedItem } from "../content/present.ts";
import type { ContentRow } from "../content/repository.ts";

/** Groups a preview shows, and items per group: the public call's largest page. */
const groupsShown = 50;
const itemsShown = 50;

/**
 * A special as its preview shows it (R-PREVIEW-1): the row with its draft, its sections, and its first
 * groups with their published items, in the shape of the public specials call.
 */
export async function previewedSpecial(app: FastifyInstance, row: ContentRow): Promise<SpecialDetail> {
  const links = app.contentLinks;
  const detail = parseDetail(row.detail_json);
  const groups = Array.isArray(detail.groups) ? detail.groups : [];
  const members = await app.contents.members(row.id, unavailableStates);
  const item = toContentItem(row, [], null, links);
  return {
    post_id: item.post_id,
    title: row.title,
    summary: row.summary,
    cover: row.cover_url,
    share_link: item.share_link,
    sections: Array.isArray(detail.sections) ? detail.sections : [],
    groups: groups.slice(0, groupsShown).map((group, index) => {
      const items = members.filter((m) => m.group_index === index);
      return {
        group_id: `${item.post_id}-${index + 1}`,
        name: group.name,
        collapse: group.collapse === true,
        total: items.length,
        content_list: items.slice(0, itemsShown).map((r) => toRelatedItem(r, links)),
      };
    }),
    total_groups: groups.length,
  };
}
