import { defineCall } from "../call.ts";
import { EditorSessionHeaders } from "../editors.ts";
import { answers } from "../envelope.ts";
import { LbsCity, LbsParams, LbsUpdate, LbsWeather } from "../lbs.ts";

const tags = ["local"];

export const lbs = defineCall({
  method: "GET",
  path: "/peony/v3/lbs/:id",
  access: "token",
  tags,
  summary: "The city a local channel (its group id) covers, as the editors keep it; unknown channels 404",
  params: LbsParams,
  responses: answers(LbsCity),
});

export const lbsWeather = defineCall({
  method: "GET",
  path: "/peony/v3/lbs_weather/:id",
  access: "token",
  tags,
  summary: "The weather of a local channel's city as the editors last entered it; none entered 404",
  params: LbsParams,
  responses: answers(LbsWeather),
});

export const updateLbs = defineCall({
  method: "PUT",
  path: "/editor/v1/lbs/:id",
  access: "editor",
  roles: ["editor"],
  tags: ["editor"],
  summary: "Sets a local channel's city and, when given, its weather (low ≤ temperature ≤ high)",
  headers: EditorSessionHeaders,
  params: LbsParams,
  body: LbsUpdate,
  responses: answers(LbsWeather),
});
