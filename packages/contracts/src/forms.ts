import { type Static, Type } from "typebox";
import { ContentIdParams } from "./content.ts";
import { choiceOptionsMax, formFieldsMax, pictureMaxBytes, textMaxLimit } from "./form-rules.ts";

/**
 * Cloud forms (R-FORM-1): the schemas of the form calls. The rules answers are checked by live in
 * form-rules.ts (schema-free, shared with the page); these describe shapes only.
 */

export const FormParams = ContentIdParams;

const day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });
const base = {
  key: Type.String({ minLength: 1, maxLength: 32 }),
  label: Type.String({ minLength: 1, maxLength: 60 }),
  required: Type.Boolean(),
  hint: Type.Optional(Type.String({ maxLength: 200 })),
};

// no additionalProperties: false in the branches: the validator strips unknown properties while it
// tries each branch, and would take a choice's options away while trying it as a text field
export const FormField = Type.Union([
  Type.Object({
    ...base,
    type: Type.Literal("text"),
    min_length: Type.Optional(Type.Integer({ minimum: 0, maximum: textMaxLimit })),
    max_length: Type.Optional(Type.Integer({ minimum: 1, maximum: textMaxLimit })),
    multiline: Type.Optional(Type.Boolean()),
  }),
  Type.Object({
    ...base,
    type: Type.Literal("choice"),
    options: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: choiceOptionsMax }),
    multiple: Type.Boolean(),
  }),
  Type.Object({ ...base, type: Type.Literal("date"), min: Type.Optional(day), max: Type.Optional(day) }),
  Type.Object({ ...base, type: Type.Literal("phone") }),
  Type.Object({ ...base, type: Type.Literal("picture") }),
]);

/** open: answers accepted; closed: the editors closed it; ended: past its deadline. */
export const FormState = Type.Union([Type.Literal("open"), Type.Literal("closed"), Type.Literal("ended")]);

/** GET /peony/v1/form/{id}: the form detail (spec §7 "a form detail endpoint"). */
export const Form = Type.Object({
  post_id: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String(),
  content: Type.String({ description: "the introduction, sanitised HTML" }),
  fields: Type.Array(FormField),
  /** answers only from logged-in readers (one per user); otherwise one per device */
  login_required: Type.Boolean(),
  deadline: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  state: FormState,
  submission_count: Type.Integer({ minimum: 0 }),
  /** whether this visitor (user, or device when the form takes anonymous answers) has answered */
  submitted: Type.Boolean(),
});
export type Form = Static<typeof Form>;

/** POST /peony/v1/form/{id}/submit: one answer per field key (form-rules.ts FormAnswers). */
export const FormSubmission = Type.Object(
  {
    answers: Type.Record(
      Type.String({ maxLength: 32 }),
      Type.Union([
        // a picture is a data URL of its image
        Type.String({ maxLength: Math.ceil((pictureMaxBytes * 4) / 3) + 128 }),
        Type.Array(Type.String({ maxLength: 60 }), { maxItems: choiceOptionsMax }),
      ]),
      { maxProperties: formFieldsMax + 10 },
    ),
  },
  { additionalProperties: false },
);
export type FormSubmission = Static<typeof FormSubmission>;

export const FormSubmitted = Type.Object({
  submitted: Type.Literal(true),
  submitted_at: Type.String({ format: "date-time" }),
});

/** 422: the answers that failed their field's rule, each with its message, by field key. */
export const FormRejected = Type.Object({
  code: Type.Literal(422),
  msg: Type.String(),
  data: Type.Object({ errors: Type.Record(Type.String(), Type.String()) }),
});

/** PUT /editor/v1/form/{id}: makes an item a form, or changes its definition. */
export const FormUpdate = Type.Object(
  {
    fields: Type.Array(FormField, { minItems: 1, maxItems: formFieldsMax }),
    login_required: Type.Boolean(),
    deadline: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
    closed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type FormUpdate = Static<typeof FormUpdate>;

export const FormSubmissionsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  size: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
});

export const FormSubmissionRow = Type.Object({
  id: Type.Integer(),
  /** the reader's public id, or null for an anonymous answer */
  user_id: Type.Union([Type.String(), Type.Null()]),
  answers: Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())])),
  submitted_at: Type.String({ format: "date-time" }),
});

export const FormSubmissionList = Type.Object({
  list: Type.Array(FormSubmissionRow),
  total: Type.Integer({ minimum: 0 }),
  fields: Type.Array(FormField),
});
