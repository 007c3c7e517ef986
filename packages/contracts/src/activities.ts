import { type Static, Type } from "typebox";
import { ContentIdParams } from "./content.ts";

export const ActivityParams = ContentIdParams;

/** open: sign-up possible; full: capacity reached; closed: past the deadline. */
export const ActivityState = Type.Union([Type.Literal("open"), Type.Literal("full"), Type.Literal("closed")]);

export const Activity = Type.Object({
  post_id: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String(),
  content: Type.String({ description: "the description, sanitised HTML" }),
  place: Type.String(),
  starts_at: Type.String({ format: "date-time" }),
  ends_at: Type.String({ format: "date-time" }),
  deadline: Type.String({ format: "date-time" }),
  capacity: Type.Integer({ minimum: 1 }),
  signup_count: Type.Integer({ minimum: 0 }),
  state: ActivityState,
  /** whether the visitor (logged in) has signed up */
  signed_up: Type.Boolean(),
});
export type Activity = Static<typeof Activity>;

/** PUT /editor/v1/activity/{id}: makes an item an activity, or changes one. */
export const ActivityUpdate = Type.Object(
  {
    place: Type.String({ minLength: 1, maxLength: 100 }),
    starts_at: Type.String({ format: "date-time" }),
    ends_at: Type.String({ format: "date-time" }),
    deadline: Type.String({ format: "date-time" }),
    capacity: Type.Integer({ minimum: 1, maximum: 100000 }),
  },
  { additionalProperties: false },
);
export type ActivityUpdate = Static<typeof ActivityUpdate>;

export const SignupResult = Type.Object({ signup_count: Type.Integer(), signed_up: Type.Boolean() });
