import type { LbsWeather } from "@davmu/contracts/lbs";
import { callApi } from "../../lib/server/api.server.ts";

/** A channel's weather for its header (R-LBS-1), or null: no channel, none entered, or the call failed. */
export async function localWeather(group: string): Promise<LbsWeather | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(group)) return null;
  try {
    const answer = await callApi((c) => c.lbsWeather({ params: { id: group } }));
    return answer.code === 0 ? answer.data : null;
  } catch (error) {
    console.warn("local weather load failed:", (error as Error).message);
    return null;
  }
}
