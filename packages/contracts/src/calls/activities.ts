import { Activity, ActivityParams, ActivityUpdate, SignupResult } from "../activities.ts";
import { defineCall } from "../call.ts";
import { EditorSessionHeaders } from "../editors.ts";
import { answers } from "../envelope.ts";

const tags = ["activities"];

export const activity = defineCall({
  method: "GET",
  path: "/peony/v1/activity/:id",
  access: "optional",
  tags,
  summary:
    "An activity: time, place, cover, description, sign-ups, deadline, open/full/closed, and whether the user signed up",
  params: ActivityParams,
  responses: answers(Activity),
});

export const activitySignup = defineCall({
  method: "POST",
  path: "/guzzle/v1/activity/:id/signup",
  access: "user",
  tags,
  summary:
    "Signs the user up, once (409 the second time); past the deadline or when full 409, counted and recorded atomically",
  params: ActivityParams,
  responses: answers(SignupResult),
});

export const updateActivity = defineCall({
  method: "PUT",
  path: "/editor/v1/activity/:id",
  access: "editor",
  roles: ["editor"],
  tags: ["editor"],
  summary: "Makes an item an activity or changes it (starts ≤ ends, deadline ≤ ends, capacity not below the sign-ups)",
  headers: EditorSessionHeaders,
  params: ActivityParams,
  body: ActivityUpdate,
  responses: answers(Activity),
});
