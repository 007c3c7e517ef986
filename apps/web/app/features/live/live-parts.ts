/**
 * The live room's interactive parts, one chunk fetched after the page has hydrated (the page's first
 * script stays within its budget): the chat client and its list and input, the like button, booking,
 * and the room's calls.
 */

export { BookingButton } from "./BookingButton.tsx";
export { ChatList } from "./ChatList.tsx";
export { ChatComposer } from "./ChatPanel.tsx";
export { createChatClient } from "./chat-client.ts";
export { LikeButton } from "./LikeButton.tsx";
export { roomApi, socketUrl } from "./room-client.ts";
export { StartWatch } from "./StartWatch.tsx";
export { StreamPicker } from "./StreamPicker.tsx";
