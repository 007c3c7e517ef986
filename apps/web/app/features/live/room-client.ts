import type { ApiClient } from "@davmu/contracts/client";
import { ErrorCode } from "@davmu/contracts/error-codes";
import { bookingType, chatPageMax, liveSocketPath } from "@davmu/contracts/live-values";
import type { RoomApi } from "./room-api.ts";
import { statusName } from "./types.ts";

/**
 * The room's calls made through the declared live calls (packages/contracts/src/calls/live.ts): the
 * page never writes a path of its own. `client` is read at each call (the stored token may change).
 */
export function roomApi(client: () => ApiClient, liveId: string): RoomApi {
  const params = { id: liveId };
  const booking = { booking_id: liveId, booking_type: bookingType.live };
  return {
    async chat(since) {
      const answer = await client().liveChat({
        params: { live_id: liveId },
        query: since === null ? { limit: chatPageMax } : { since, limit: chatPageMax },
      });
      if (answer.code !== ErrorCode.ok) throw new Error(`live chat answered ${answer.code}`);
      return answer.data;
    },
    async send(content) {
      const answer = await client().liveSendMessage({ params, body: { content } });
      if (answer.code !== ErrorCode.ok) return { ok: false, message: answer.msg, status: answer.code };
      const { held, ...message } = answer.data;
      return { ok: true, message, held };
    },
    async like(count, msgId) {
      // msg_id is the like spec §7 names; count carries the taps batched under it (features/live/likes.ts)
      const answer = await client().liveLike({ params, body: { msg_id: msgId, count } });
      if (answer.code !== ErrorCode.ok) throw new Error(`like answered ${answer.code}`);
    },
    async status() {
      const answer = await client().liveInfo({ params });
      if (answer.code !== ErrorCode.ok) throw new Error(`live info answered ${answer.code}`);
      return statusName(answer.data.status);
    },
    async book(wanted) {
      const answer = wanted ? await client().booking({ body: booking }) : await client().unBooking({ body: booking });
      return { ok: answer.code === ErrorCode.ok, message: answer.msg };
    },
    async booked() {
      const answer = await client().bookingList({ query: { booking_type: bookingType.live, tiny: true } });
      return answer.code === ErrorCode.ok && answer.data.ids.includes(liveId);
    },
    async bookings() {
      const answer = await client().bookingList({ query: { booking_type: bookingType.live } });
      if (answer.code !== ErrorCode.ok) throw new Error(`booking list answered ${answer.code}`);
      return answer.data.list.map((entry) => ({
        live_id: entry.live_id,
        title: entry.title,
        start_time: entry.start_time,
        status: statusName(entry.status),
        link: entry.share_link,
      }));
    },
  };
}

/** The hub's address under the API base (the page's own origin unless PUBLIC_API_BASE names one): http→ws, https→wss. */
export function socketUrl(publicApiBase: string, pageOrigin: string): string {
  const base = publicApiBase ? new URL(publicApiBase, pageOrigin).href.replace(/\/$/, "") : pageOrigin;
  return base.replace(/^http/, "ws") + liveSocketPath;
}
