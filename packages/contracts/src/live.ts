import { type Static, Type } from "typebox";
import { LivePlaylist, Orientation } from "./content.ts";
import { chatMaxLength, chatPageMax, likeMaxCount } from "./live-values.ts";

const PublicId = Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" });

/** `{id}` of the room calls: a room's live_id (its content item's post_id). */
export const LiveIdParams = Type.Object({ id: PublicId });
/** `{live_id}` of GET /peony/v3/live/chat/{live_id}. */
export const LiveChatParams = Type.Object({ live_id: PublicId });

/** 0 upcoming, 1 live, 2 ended, 3 replay (packages/contracts/src/live-values.ts). */
export const LiveStatusCode = Type.Integer({
  minimum: 0,
  maximum: 3,
  description: "0 upcoming, 1 live, 2 ended, 3 replay",
});

/** A column tab of the room (spec §3 columns). */
export const LiveColumn = Type.Object({
  enable_chat: Type.Boolean(),
  group_id: Type.String(),
  link_url: Type.String({ description: "the address a link column opens; empty otherwise" }),
  name: Type.String(),
  type: Type.Union([Type.Literal("chat"), Type.Literal("intro"), Type.Literal("link")]),
});
export type LiveColumn = Static<typeof LiveColumn>;

/** The counts that change while a room is open (also answered alone by GET /peony/v3/live/info/{id}). */
const liveCounts = {
  live_id: Type.String(),
  status: LiveStatusCode,
  start_time: Type.String({ format: "date-time" }),
  end_time: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  online_count: Type.Integer({ minimum: 0, description: "viewers connected now, every instance together" }),
  view_count: Type.Integer({ minimum: 0 }),
  share_count: Type.Integer({ minimum: 0 }),
  live_count: Type.Integer({ minimum: 0, description: "chat messages published in the room" }),
  like_count: Type.Integer({ minimum: 0 }),
  booking_count: Type.Integer({ minimum: 0 }),
  seq: Type.Integer({ minimum: 0, description: "the room's latest chat sequence number (0: none yet)" }),
};

/** GET /peony/v3/live/info/{id}: the light, frequently polled part of a room. */
export const LiveInfo = Type.Object(liveCounts);
export type LiveInfo = Static<typeof LiveInfo>;

/** A chat message; text is plain text (pages render it escaped). */
export const ChatMessage = Type.Object({
  id: Type.String(),
  seq: Type.Integer({ minimum: 0, description: "per room, from 1, consecutive; 0 for a held message" }),
  user_id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  content: Type.String(),
  created_at: Type.String({ format: "date-time" }),
});
export type ChatMessage = Static<typeof ChatMessage>;

/** Live detail (spec §3, R-ENT-LIVE). */
export const LiveRoom = Type.Object({
  ...liveCounts,
  pinned: Type.Union([ChatMessage, Type.Null()], { description: "the message an editor pinned above the chat" }),
  post_id: Type.String({ description: "the content item the room belongs to" }),
  group_id: Type.String(),
  title: Type.String(),
  cover: Type.String(),
  intro: Type.String({ description: "the introduction column's text, plain text" }),
  orientation: Orientation,
  columns: Type.Array(LiveColumn),
  playlists: Type.Array(LivePlaylist),
  countdown_switch: Type.Boolean({ description: "show a countdown before the start" }),
  countdown_text: Type.String(),
  notice_switch: Type.Boolean({ description: "show the notice bar" }),
  notice_text: Type.String(),
  disclaimer: Type.String(),
  backgrounds: Type.Object({
    portrait: Type.String({ description: "picture behind the room on portrait screens; empty for none" }),
    landscape: Type.String({ description: "picture behind the room on landscape screens; empty for none" }),
  }),
  share_link: Type.String({ description: "the room's share page, absolute on PUBLIC_ORIGIN" }),
  booked: Type.Boolean({ description: "whether the logged-in viewer booked the room" }),
});
export type LiveRoom = Static<typeof LiveRoom>;

export const ChatQuery = Type.Object({
  since: Type.Optional(Type.Integer({ minimum: 0, description: "the last seq the client has" })),
  limit: Type.Integer({ minimum: 1, maximum: chatPageMax, default: 20 }),
});
export type ChatQuery = Static<typeof ChatQuery>;

/** The polling fallback and the history after a resync. */
export const ChatPage = Type.Object({
  messages: Type.Array(ChatMessage, { description: "ascending seq" }),
  seq: Type.Integer({ minimum: 0, description: "the room's latest seq" }),
  resync: Type.Boolean({ description: "`since` was older than the history kept: reload from the latest messages" }),
});
export type ChatPage = Static<typeof ChatPage>;

export const ChatSend = Type.Object(
  { content: Type.String({ minLength: 1, maxLength: chatMaxLength }) },
  { additionalProperties: false },
);
export type ChatSend = Static<typeof ChatSend>;

/** The stored message; a held one (links) has seq 0, is shown to its author only and not broadcast. */
export const ChatSent = Type.Object({ ...ChatMessage.properties, held: Type.Boolean() });
export type ChatSent = Static<typeof ChatSent>;

/**
 * Spec §7's like sends `msg_id`: one tap, and a retry with the same id counts once. `count` lets the
 * site's page send the taps of a second in one request under one msg_id (docs/live.md).
 */
export const LikeRequest = Type.Object(
  {
    msg_id: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: "^[A-Za-z0-9_-]+$",
      description: "the like's id: a retry with the same id counts once",
    }),
    count: Type.Optional(
      Type.Integer({ minimum: 1, maximum: likeMaxCount, default: 1, description: "taps sent together" }),
    ),
  },
  { additionalProperties: false },
);
export type LikeRequest = Static<typeof LikeRequest>;

export const LikeResult = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  delta: Type.Integer({ minimum: 0, description: "what this request added (0 for a repeated msg_id)" }),
});

const BookingTypeCode = Type.Integer({ minimum: 1, maximum: 1, description: "1: a live room" });

export const BookingRequest = Type.Object(
  { booking_id: PublicId, booking_type: BookingTypeCode },
  { additionalProperties: false },
);
export type BookingRequest = Static<typeof BookingRequest>;

export const BookingResult = Type.Object({
  booking_id: Type.String(),
  booked: Type.Boolean(),
  booking_count: Type.Integer({ minimum: 0 }),
});

export const BookingListQuery = Type.Object({
  booking_type: Type.Integer({ minimum: 1, maximum: 1, default: 1 }),
  tiny: Type.Optional(Type.Boolean({ description: "ids only (list empty)" })),
});

export const BookedLive = Type.Object({
  live_id: Type.String(),
  title: Type.String(),
  cover: Type.String(),
  status: LiveStatusCode,
  start_time: Type.String({ format: "date-time" }),
  share_link: Type.String(),
  booked_at: Type.String({ format: "date-time" }),
});

/** The user's bookings, soonest start first. */
export const BookingList = Type.Object({ ids: Type.Array(Type.String()), list: Type.Array(BookedLive) });
export type BookingList = Static<typeof BookingList>;

/** `{id}` and `{message_id}`: a message of a room. */
export const LiveMessageParams = Type.Object({ id: PublicId, message_id: PublicId });

/** `{id}` and `{user_id}` of a room's mute calls: the room and the user's public id. */
export const LiveUserParams = Type.Object({ id: PublicId, user_id: PublicId });

/** A chat message as an editor moderates it: its author's public id and its status. */
export const ModeratedChatMessage = Type.Object({
  id: Type.String(),
  seq: Type.Integer({ minimum: 0 }),
  author_id: Type.String(),
  nickname: Type.String(),
  content: Type.String(),
  status: Type.String({ description: "published or pending (held)" }),
  created_at: Type.String({ format: "date-time" }),
});
export type ModeratedChatMessage = Static<typeof ModeratedChatMessage>;

/** A room's chat as its editors see it: the latest messages (newest first), the pinned one, the muted users. */
export const LiveChatModeration = Type.Object({
  messages: Type.Array(ModeratedChatMessage),
  pinned_id: Type.Union([Type.String(), Type.Null()]),
  muted: Type.Array(
    Type.Object({ user_id: Type.String(), nickname: Type.String(), at: Type.String({ format: "date-time" }) }),
  ),
});
export type LiveChatModeration = Static<typeof LiveChatModeration>;

/** Pins a published message of the room above its chat, or unpins (`null`). */
export const PinRequest = Type.Object(
  { message_id: Type.Union([PublicId, Type.Null()]) },
  { additionalProperties: false },
);
