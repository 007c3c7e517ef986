/** The table of migration 009, typed in its module. */
export type PreviewTables = {
  content_previews: {
    content_id: number;
    revision: number;
    draft_json: string | null;
    updated_by: string;
    updated_at: number;
  };
};
