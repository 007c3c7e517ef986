import { Type } from "typebox";
import { defineCall } from "../call.ts";
import { EditorSessionHeaders } from "../editors.ts";
import { answers } from "../envelope.ts";
import {
  BookingList,
  BookingListQuery,
  BookingRequest,
  BookingResult,
  ChatPage,
  ChatQuery,
  ChatSend,
  ChatSent,
  LikeRequest,
  LikeResult,
  LiveChatModeration,
  LiveChatParams,
  LiveIdParams,
  LiveInfo,
  LiveMessageParams,
  LiveRoom,
  LiveStatusCode,
  LiveUserParams,
  PinRequest,
} from "../live.ts";

const tags = ["live"];

export const liveRoom = defineCall({
  method: "GET",
  path: "/peony/v3/live/room/:id",
  access: "optional",
  tags,
  summary: "Live detail: status, times, counts, columns, playlists, countdown, notice, disclaimer, backgrounds",
  description:
    "`booked` is true when the logged-in viewer booked the room. Chat in real time: WebSocket at /peony/v3/live/ws (docs/live.md).",
  params: LiveIdParams,
  responses: answers(LiveRoom),
});

export const liveInfo = defineCall({
  method: "GET",
  path: "/peony/v3/live/info/:id",
  access: "optional",
  tags,
  summary: "A room's status and counts, light enough to poll",
  params: LiveIdParams,
  responses: answers(LiveInfo),
});

export const liveChat = defineCall({
  method: "GET",
  path: "/peony/v3/live/chat/:live_id",
  access: "optional",
  tags,
  summary: "Chat messages after `since` in ascending seq (without `since`: the latest `limit`)",
  description:
    "The polling fallback of the WebSocket. `resync` is true when `since` is older than the history kept; the messages are then the latest ones.",
  params: LiveChatParams,
  query: ChatQuery,
  responses: answers(ChatPage),
});

export const liveSendMessage = defineCall({
  method: "POST",
  path: "/peony/v3/live/chat/:id/send_msg",
  access: "user",
  tags,
  summary: "Sends a chat message: moderated like comments, limited per user (429), numbered and broadcast",
  description:
    "Banned words are refused, listed words masked, messages with links held (seq 0, seen by their author only), the same text twice within 60 s refused.",
  params: LiveIdParams,
  body: ChatSend,
  responses: answers(ChatSent),
});

export const liveLike = defineCall({
  method: "POST",
  path: "/peony/v3/live/room/:id/like",
  access: "token",
  tags,
  summary:
    "Likes a room: msg_id names the like (a repeated msg_id counts once); count sends 1–50 taps at once (default 1)",
  params: LiveIdParams,
  body: LikeRequest,
  responses: answers(LikeResult),
});

export const booking = defineCall({
  method: "POST",
  path: "/peony/v3/booking",
  access: "user",
  tags,
  summary: "Books a live room, once per user (409 the second time)",
  body: BookingRequest,
  responses: answers(BookingResult),
});

export const unBooking = defineCall({
  method: "POST",
  path: "/peony/v3/un_booking",
  access: "user",
  tags,
  summary: "Cancels a booking; cancelling one not made answers the same (booked false)",
  body: BookingRequest,
  responses: answers(BookingResult),
});

export const bookingList = defineCall({
  method: "GET",
  path: "/peony/v3/booking_list",
  access: "user",
  tags,
  summary: "The user's booked rooms, soonest start first (`tiny`: their ids only)",
  query: BookingListQuery,
  responses: answers(BookingList),
});

export const updateLiveStatus = defineCall({
  method: "PUT",
  path: "/editor/v3/live/room/:id/status",
  access: "editor",
  roles: ["editor"],
  tags: ["editor"],
  summary: "Changes a room's status (starting a live broadcasts it to every viewer)",
  headers: EditorSessionHeaders,
  params: LiveIdParams,
  body: Type.Object({ status: LiveStatusCode }, { additionalProperties: false }),
  responses: answers(LiveInfo),
});

export const liveChatModeration = defineCall({
  method: "GET",
  path: "/editor/v3/live/room/:id/chat",
  access: "editor",
  roles: ["editor", "moderator"],
  tags: ["editor"],
  summary: "A room's latest chat messages (held ones too), its pinned message and its muted users",
  headers: EditorSessionHeaders,
  params: LiveIdParams,
  responses: answers(LiveChatModeration),
});

export const pinLiveMessage = defineCall({
  method: "PUT",
  path: "/editor/v3/live/room/:id/pin",
  access: "editor",
  roles: ["editor", "moderator"],
  tags: ["editor"],
  summary: "Pins a published message above the room's chat (shown in the room's detail), or unpins it (null)",
  headers: EditorSessionHeaders,
  params: LiveIdParams,
  body: PinRequest,
  responses: answers(Type.Null()),
});

export const muteLiveUser = defineCall({
  method: "PUT",
  path: "/editor/v3/live/room/:id/mutes/:user_id",
  access: "editor",
  roles: ["editor", "moderator"],
  tags: ["editor"],
  summary: "Mutes a user in a room: their new messages there are refused (403) until unmuted",
  headers: EditorSessionHeaders,
  params: LiveUserParams,
  responses: answers(Type.Null()),
});

export const unmuteLiveUser = defineCall({
  method: "DELETE",
  path: "/editor/v3/live/room/:id/mutes/:user_id",
  access: "editor",
  roles: ["editor", "moderator"],
  tags: ["editor"],
  summary: "Lets a muted user chat in the room again",
  headers: EditorSessionHeaders,
  params: LiveUserParams,
  responses: answers(Type.Null()),
});

export const deleteLiveMessage = defineCall({
  method: "DELETE",
  path: "/editor/v3/live/room/:id/messages/:message_id",
  access: "editor",
  roles: ["editor", "moderator"],
  tags: ["editor"],
  summary: "Removes a chat message from the room's chat history (as the moderation queue's delete does)",
  headers: EditorSessionHeaders,
  params: LiveMessageParams,
  responses: answers(Type.Null()),
});
