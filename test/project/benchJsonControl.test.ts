// The editor benchmark's first-window control (test/e2e/bench/jsonControl.ts): VS Code's JSON
// shows exactly one warning of its own on the benchmark's documents, on the `$schema` line the
// benchmark watches, and FS Documents neither removes the user's schema entry nor adds its own.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { getLanguageService } from "vscode-json-languageservice";
import { TextDocument } from "vscode-languageserver-textdocument";
import { updatedSchemaSettings } from "../../client/src/json/schemaSettings";
import { generateDocument } from "../e2e/bench/document";
import { JSON_CONTROL_LINE, JSON_CONTROL_SETTINGS } from "../e2e/bench/jsonControl";

describe("the editor benchmark's first-window control (VS Code's JSON)", () => {
  it("gives the benchmark's document one warning from VS Code's JSON language service, on the line the benchmark watches", async () => {
    const { text } = await generateDocument(0.03, "typical");
    const [entry] = JSON_CONTROL_SETTINGS["json.schemas"];
    const service = getLanguageService({});
    service.configure({ validate: true, schemas: [{ uri: entry!.url, schema: entry!.schema }] });
    const document = TextDocument.create("file:///statements.json", "json", 1, text);
    const diagnostics = await service.doValidation(document, service.parseJSONDocument(document));
    assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
    const line = text.split("\n")[diagnostics[0]!.range.start.line]!;
    assert.ok(line.includes(JSON_CONTROL_LINE), line);
    assert.equal(diagnostics[0]!.severity, 2, "a warning: the benchmark watches the warning squiggle");
  });

  it("is an entry FS Documents leaves alone, with fs.json.mapSchemaUrls off or on", () => {
    const entries = JSON_CONTROL_SETTINGS["json.schemas"];
    assert.equal(JSON_CONTROL_SETTINGS["fs.json.mapSchemaUrls"], false);
    assert.equal(updatedSchemaSettings(entries, false), undefined, "nothing written while the setting is off");
    const on = updatedSchemaSettings(entries, true) ?? entries;
    assert.deepEqual(on[0], entries[0]);
    assert.equal(on.filter((other) => (other as { url?: string }).url === entries[0]!.url).length, 1);
  });
});
