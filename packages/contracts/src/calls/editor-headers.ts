import { Type } from "typebox";

/** The editors' key, checked before validation: a missing or wrong key answers 401, never 400. */
export const EditorKeyHeaders = Type.Object({
  "x-api-key": Type.Optional(Type.String({ description: "the editors' API key (EDITOR_API_KEY)" })),
});
