import { createStore } from "../../islands/store.ts";

/**
 * The activity page's sign-up count as the browser last learnt it (null: the server's is current),
 * shared by its two islands (features/activity/routes/activity.tsx): the sign-up button sets it, the count shows it.
 */
export const activityCount = createStore<{ count: number | null }>({ count: null });
