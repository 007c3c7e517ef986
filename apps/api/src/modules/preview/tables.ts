import type { Generated } from "kysely";

/** The tables of migrations 009 and 024, typed in their module. */
export type PreviewTables = {
  content_previews: {
    content_id: number;
    revision: number;
    draft_json: string | null;
    updated_by: string;
    updated_at: number;
  };
  /** Migration 024: the links minted, so that the console lists those still working. */
  preview_links: {
    id: Generated<number>;
    content_id: number;
    revision: number;
    editor: string;
    minted_by: number | null;
    expires_at: number;
    created_at: number;
  };
};
