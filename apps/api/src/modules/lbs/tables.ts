/** The table of migration 010, typed beside the module that reads it. */
export type LocalTables = {
  local_info: { group_id: string; city: string; province: string; weather_json: string | null; updated_at: number };
};

export type LocalInfoRow = LocalTables["local_info"];
