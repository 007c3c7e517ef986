import { Type } from "typebox";
import { defineCall } from "../call.ts";
import { EditorSessionHeaders } from "../editors.ts";
import { answers, Envelope, ErrorEnvelope } from "../envelope.ts";
import {
  Form,
  FormParams,
  FormRejected,
  FormSubmission,
  FormSubmissionList,
  FormSubmissionsQuery,
  FormSubmitted,
  FormUpdate,
} from "../forms.ts";

const tags = ["forms"];

export const form = defineCall({
  method: "GET",
  path: "/peony/v1/form/:id",
  access: "optional",
  tags,
  summary:
    "A cloud form's detail: its fields from the definition, login or not, deadline, open/closed/ended, and whether this visitor answered",
  params: FormParams,
  responses: answers(Form),
});

export const formSubmit = defineCall({
  method: "POST",
  path: "/peony/v1/form/:id/submit",
  access: "token",
  tags,
  summary:
    "Answers a form once per visitor (user, or device when it takes anonymous answers; 409 again, closed or past the deadline); answers failing their field's rule 422 with a message per field",
  params: FormParams,
  body: FormSubmission,
  responses: { 200: Envelope(FormSubmitted), 422: FormRejected, "4xx": ErrorEnvelope },
});

export const updateForm = defineCall({
  method: "PUT",
  path: "/editor/v1/form/:id",
  access: "editor",
  roles: ["editor"],
  tags: ["editor"],
  summary: "Makes a cloud_form item a form or changes its definition (fields, login, deadline, closed)",
  headers: EditorSessionHeaders,
  params: FormParams,
  body: FormUpdate,
  responses: answers(Form),
});

export const formSubmissions = defineCall({
  method: "GET",
  path: "/editor/v1/form/:id/submissions",
  access: "editor",
  roles: ["editor"],
  tags: ["editor"],
  summary: "A form's answers, newest first, a page at a time",
  headers: EditorSessionHeaders,
  params: FormParams,
  query: FormSubmissionsQuery,
  responses: answers(FormSubmissionList),
});

export const formSubmissionsCsv = defineCall({
  method: "GET",
  path: "/editor/v1/form/:id/submissions.csv",
  access: "editor",
  roles: ["editor"],
  tags: ["editor"],
  summary: "Every answer of a form as CSV (UTF-8 with BOM, so Excel opens Chinese), one column per field",
  headers: EditorSessionHeaders,
  params: FormParams,
  responses: { 200: Type.String({ description: "text/csv" }), "4xx": ErrorEnvelope },
});
