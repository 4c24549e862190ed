// The control of the editor benchmark's first-window state: VS Code's own JSON extension answering
// for the same file in the same window. A user `json.schemas` entry gives the document's `$schema`
// URL an inline schema by which the `$schema` member has the wrong type; VS Code's JSON then shows
// one warning of its own, on that line, once it has activated, started its language server and
// validated the document (its first answer, as the first code lens is ours). With
// fs.json.mapSchemaUrls off (the default) FS Documents writes no entry, and it leaves an entry of
// the user's for one of its URLs alone (client/src/json/schemaSettings.ts).

import { DOCUMENT_SCHEMA_URI } from "../../../shared/src/types";

/** The text of the line VS Code's JSON marks: the document's `$schema` member. */
export const JSON_CONTROL_LINE = '"$schema"';

export const JSON_CONTROL_SETTINGS = {
  "fs.json.mapSchemaUrls": false,
  "json.schemas": [{ url: DOCUMENT_SCHEMA_URI, schema: { properties: { $schema: { type: "number" } } } }],
};
