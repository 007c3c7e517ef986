/**
 * Plain values of live rooms (R-ENT-LIVE, R-LIVE-1), free of schema code so the live room page can
 * import them without TypeBox: the status numbers, booking types, chat limits and the WebSocket
 * protocol's path, frame bound and close codes (docs/live.md).
 */

/** A room's status: upcoming (countdown), live (player), ended (no replay yet), replay (playlists). */
export const liveStatus = { upcoming: 0, live: 1, ended: 2, replay: 3 } as const;
export type LiveStatusValue = (typeof liveStatus)[keyof typeof liveStatus];
export const liveStatusValues: readonly LiveStatusValue[] = [0, 1, 2, 3];

/** What `booking_type` names: 1 a live room (the only kind so far). */
export const bookingType = { live: 1 } as const;
export type BookingTypeValue = (typeof bookingType)[keyof typeof bookingType];

/** A room's column tabs: chat, the introduction, or a link. */
export const liveColumnTypes = ["chat", "intro", "link"] as const;
export type LiveColumnType = (typeof liveColumnTypes)[number];

/** Longest chat message, in characters. */
export const chatMaxLength = 200;
/** Most messages one GET of a room's chat answers. */
export const chatPageMax = 50;
/** Taps one like request may carry. */
export const likeMaxCount = 50;

/** The live WebSocket: its path on the API origin, the biggest frame a client may send, and close codes. */
export const liveSocketPath = "/peony/v3/live/ws";
export const liveFrameMaxBytes = 4096;
/** The first frame must be `connect`, within this many milliseconds of opening. */
export const liveConnectTimeoutMs = 5000;
export const liveCloseCodes = {
  /** The server is going away (restart, deploy): reconnect, possibly elsewhere, and resume. */
  goingAway: 1001,
  /** A frame over liveFrameMaxBytes. */
  tooBig: 1009,
  /** A frame that is not JSON or not a known message. */
  badFrame: 4400,
  /** A bad, expired or revoked token. */
  badToken: 4401,
  /** No `connect` frame in time. */
  connectTimeout: 4408,
  /** Too slow to read what is sent, or too many frames. */
  tooFast: 4429,
} as const;
/** The code of an `error` frame for a room that does not exist. */
export const liveUnknownRoom = 4404;
