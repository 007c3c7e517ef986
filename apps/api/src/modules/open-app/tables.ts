/** The tables of migration 008, typed in their module. */
export type OpenAppTables = {
  deferred_links: {
    code: string;
    content_id: number;
    created_at: number;
    expires_at: number;
    resolved_at: number | null;
  };
  open_app_outcomes: {
    day: string;
    step: string;
    outcome: string;
    platform: string;
    in_wechat: number;
    count: number;
  };
};
