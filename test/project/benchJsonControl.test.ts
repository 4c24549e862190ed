// The editor benchmark's first-window control (test/e2e/bench/jsonControl.ts): VS Code's JSON
// shows exactly one warning of its own on the benchmark's documents, on the `$schema` line the
// benchmark watches, and FS Documents neither removes the user's schema entry nor adds its own.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { getLanguageService } from "vscode-json-languageservice";
import { TextDocument } from "vscode-languageserver-textdocument";
import { updatedSchemaSettings } from "../../client/src/json/schemaSettings";
import { generateDocument } from "../e2e/bench/document";
import { controlStateLine, JSON_CONTROL_GRACE_MS, JSON_CONTROL_LINE, JSON_CONTROL_SETTINGS } from "../e2e/bench/jsonControl";
import { STATE_TIMEOUT_MS } from "../e2e/bench/screen";

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

  it("is waited for a bounded time after the other states, and when it is not on screen the log says what VS Code shows", () => {
    assert.ok(JSON_CONTROL_GRACE_MS < STATE_TIMEOUT_MS, "a control that never shows must not hold the run for a state's whole timeout");
    const line = controlStateLine(
      {
        squiggles: [],
        problems: "Errors: 0, Warnings: 842",
        diagnostics: { bySource: { fs: { warning: 842 } }, top: [] },
        jsonServer: { pid: 4242, cpuMs: 61_500, rssBytes: 452e6 },
      },
      60_000,
    );
    assert.equal(
      line,
      "VS Code's JSON: no warning on screen 60 s after the other states; on the $schema line: no squiggle; status bar \"Errors: 0, Warnings: 842\"; the extension host's diagnostics: fs 842 warning; VS Code's JSON language server 4242: 61.5 s of CPU, 452 MB",
    );
    assert.match(
      controlStateLine({ squiggles: undefined, problems: "", jsonServer: "not running" }, 60_000),
      /the \$schema line not drawn; .*VS Code's JSON language server not running$/,
    );
  });
});
