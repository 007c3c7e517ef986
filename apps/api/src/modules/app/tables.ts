// Times are epoch milliseconds; booleans are 0/1 integers, alike on SQLite and PostgreSQL.

export interface NavItemsTable {
  id: string;
  position: number;
  title: string;
  binding: string;
  category: string;
  is_home: number;
  layout: string;
  groups_json: string;
  icons_json: string;
  label_color: string;
  label_selected_color: string;
}

/** The app's navigation. */
export interface AppTables {
  nav_items: NavItemsTable;
}
