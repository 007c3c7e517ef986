/** The tables of migration 011, typed in their module. */
export type ActivityTables = {
  activities: {
    content_id: number;
    place: string;
    starts_at: number;
    ends_at: number;
    deadline: number;
    capacity: number;
    signup_count: number;
    updated_at: number;
  };
  activity_signups: { content_id: number; user_id: number; created_at: number };
};
