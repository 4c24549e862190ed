import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import * as service from "../../server/src/service/index";
import { type CodeAction, type Diagnostic, type PublishDiagnosticsParams } from "vscode-languageserver-protocol/node";
import { fixturesRoot, readText, upstream01Root, upstreamRoot } from "../support/paths";
import { applyTextEdits, editsFor } from "./harness";
import { createService } from "./service";
import { textAt } from "./text-positions";

const upstreamInvalid = join(upstreamRoot, "fixtures", "invalid");
const upstreamValid = join(upstreamRoot, "fixtures", "valid");
const server = createService();
let counter = 0;

interface Opened {
  uri: string;
  text: string;
  diagnostics: Diagnostic[];
}

async function open(text: string): Promise<Opened> {
  const uri = `file:///actions/doc-${counter++}.json`;
  const { diagnostics } = await server.open(uri, text);
  return { uri, text, diagnostics };
}

async function actionsFor(document: Opened, diagnostics: Diagnostic[], only?: string[]): Promise<CodeAction[]> {
  const result = server.with(document.uri, (analysis) => service.codeActions(analysis, { diagnostics, only }));
  assert.ok(result !== null, "a list of actions");
  return result as CodeAction[];
}

function titled(actions: CodeAction[], title: string | RegExp): CodeAction {
  const found = actions.find((action) => (typeof title === "string" ? action.title === title : title.test(action.title)));
  assert.ok(found !== undefined, `an action ${String(title)} among ${JSON.stringify(actions.map((action) => action.title))}`);
  return found;
}

/** Applies the action to the text and validates the result as a fresh document. */
async function apply(document: Opened, action: CodeAction): Promise<{ text: string; after: PublishDiagnosticsParams }> {
  const text = applyTextEdits(document.text, editsFor(action.edit, document.uri));
  return { text, after: await server.open(`file:///actions/applied-${counter++}.json`, text) };
}

const codes = (diagnostics: Diagnostic[]): string[] => diagnostics.map((diagnostic) => String(diagnostic.code));
const at = (document: Opened, code: string, value?: string): Diagnostic => {
  const found = document.diagnostics.find((diagnostic) => diagnostic.code === code && (value === undefined || textAt(document.text, diagnostic.range) === value));
  assert.ok(found !== undefined, `a ${code} diagnostic${value === undefined ? "" : ` on ${value}`}`);
  return found;
};

test("a JSON number in a cell becomes the canonical string of its source text, never through a JS number", async () => {
  const template = readText(join(upstreamInvalid, "decimal-number.json"));
  for (const [written, canonical] of [
    ["1.50", "1.5"],
    ["1e3", "1000"],
    ["12345678901234567890.10", "12345678901234567890.1"],
    ["-0.0", "0"],
  ] as const) {
    const document = await open(template.replace('"fy2025": 1\n', `"fy2025": ${written}\n`));
    const diagnostic = at(document, "decimal-string-required", written);
    const [action, ...others] = await actionsFor(document, [diagnostic]);
    assert.equal(others.length, 0);
    assert.equal(action!.isPreferred, true);
    assert.equal(action!.kind, "quickfix");
    assert.deepEqual(action!.diagnostics, [diagnostic]);
    const { text, after } = await apply(document, action!);
    assert.match(text, new RegExp(`"fy2025": "${canonical.replace(".", "\\.")}"\n`));
    assert.deepEqual(after.diagnostics, [], `${written} is fixed`);
  }
});

test("a decimal string that is not canonical is rewritten; one that is no number gets no fix", async () => {
  const document = await open(readText(join(fixturesRoot, "invalid", "invalid-value-decimal-grammar.json")));
  for (const [written, canonical] of [
    ['"1.50"', '"1.5"'],
    ['"01"', '"1"'],
    ['"1e3"', '"1000"'],
    ['"-0.0"', '"0"'],
  ] as const) {
    const diagnostic = at(document, "invalid-value", written);
    const action = titled(await actionsFor(document, [diagnostic]), /canonical decimal/);
    const edits = editsFor(action.edit, document.uri);
    assert.deepEqual(
      edits.map((edit) => [textAt(document.text, edit.range), edit.newText]),
      [[written, canonical]],
    );
    const { after } = await apply(document, action);
    assert.equal(after.diagnostics.length, document.diagnostics.length - 1, `fixing ${written} removes exactly its error`);
  }
  assert.deepEqual(await actionsFor(document, [at(document, "invalid-value", '"1,250"')]), []);
});

test("a default tolerance is fixed when its canonical form is nonnegative", async () => {
  const document = await open(readText(join(fixturesRoot, "invalid", "invalid-tolerance.json")));
  for (const [written, canonical] of [
    ["0.5", '"0.5"'],
    ['"0.50"', '"0.5"'],
    ['"-0"', '"0"'],
    ['"1e-3"', '"0.001"'],
  ] as const) {
    const action = titled(await actionsFor(document, [at(document, "invalid-tolerance", written)]), /tolerance/);
    assert.deepEqual(
      editsFor(action.edit, document.uri).map((edit) => edit.newText),
      [canonical],
    );
    const { after } = await apply(document, action);
    assert.equal(codes(after.diagnostics).filter((code) => code === "invalid-tolerance").length, 5);
  }
  assert.deepEqual(await actionsFor(document, [at(document, "invalid-tolerance", '"-0.5"')]), []);
});

test("a missing values key is added as null, in the statement's period order and indentation", async () => {
  const document = await open(readText(join(upstreamInvalid, "missing-value-key.json")));
  const diagnostic = at(document, "map-key-mismatch");
  const [action, ...others] = await actionsFor(document, [diagnostic]);
  assert.equal(others.length, 0);
  assert.equal(action!.title, "Add missing periods as null");
  assert.equal(action!.isPreferred, true);
  const { text, after } = await apply(document, action!);
  assert.match(text, /\n {10}"values": \{\n {12}"fy2025": "1",\n {12}"fy2024": null\n {10}\}/);
  assert.deepEqual(after.diagnostics, []);
});

test("extra values keys are removed", async () => {
  const document = await open(readText(join(upstreamInvalid, "extra-value-key.json")));
  const action = titled(await actionsFor(document, [at(document, "map-key-mismatch")]), "Remove keys not in the statement's periods");
  const { text, after } = await apply(document, action);
  assert.match(text, /"values": \{\n {12}"fy2025": "1"\n {10}\}/);
  assert.deepEqual(after.diagnostics, []);
});

test("with keys both missing and extra there are three fixes; the combined one conforms, and one-line objects stay on one line", async () => {
  const base = readText(join(upstreamInvalid, "missing-value-key.json"));
  const document = await open(base.replace('"values": {\n            "fy2025": "1"\n          }', '"values": { "fy2O24": "2", "fy2025": "1" }'));
  const actions = await actionsFor(document, [at(document, "map-key-mismatch")]);
  assert.deepEqual(actions.map((action) => action.title).sort(), [
    "Add missing periods as null",
    "Add missing periods as null and remove keys not in the statement's periods",
    "Remove keys not in the statement's periods",
  ]);
  assert.ok(
    actions.every((action) => action.isPreferred !== true),
    "no single obvious fix",
  );
  const { text, after } = await apply(document, titled(actions, /and remove/));
  assert.match(text, /"values": \{ "fy2025": "1", "fy2024": null \}/);
  assert.deepEqual(after.diagnostics, []);
});

test("a 0.1 document migrates to a conforming 0.2 document in one action", async () => {
  const document = await open(readText(join(upstream01Root, "examples", "minimal.json")));
  const version = document.diagnostics.find((diagnostic) => diagnostic.code === "invalid-value")!;
  const [action, ...others] = await actionsFor(document, document.diagnostics);
  assert.equal(others.length, 0, "one action for every diagnostic it fixes");
  assert.equal(action!.title, "Migrate to FS 0.2 (remove groupings)");
  assert.equal(action!.isPreferred, true);
  assert.deepEqual(action!.diagnostics?.length, document.diagnostics.length);
  assert.ok(action!.diagnostics?.some((diagnostic) => diagnostic.range.start.line === version.range.start.line));
  const { text, after } = await apply(document, action!);
  assert.deepEqual(after.diagnostics, []);
  assert.match(text, /"values": \{\n {12}"fy2025": "1"\n {10}\}\n {8}\}/, "the groupings line is gone, nothing else moved");

  const group = await open(readText(join(upstream01Root, "examples", "manufacturing-group.json")));
  const migrate = titled(await actionsFor(group, [group.diagnostics.find((diagnostic) => diagnostic.code === "unknown-property")!]), "Migrate to FS 0.2 (remove groupings)");
  const migrated = await apply(group, migrate);
  assert.deepEqual(
    migrated.after.diagnostics.filter((diagnostic) => diagnostic.severity === 1),
    [],
    "conforming (rollup warnings aside)",
  );
  assert.match(migrated.text, /"\$schema": "https:\/\/cpaikr\.github\.io\/fs\/schema\/0\.2\/fs-document\.schema\.json"/);
});

test("groupings in a 0.2 document are removed by one action", async () => {
  for (const name of ["removed-grouping-columns.json", "removed-item-groupings.json"]) {
    const document = await open(readText(join(upstreamInvalid, name)));
    const action = titled(await actionsFor(document, [at(document, "unknown-property")]), "Remove groupings");
    const { after } = await apply(document, action);
    assert.deepEqual(after.diagnostics, [], name);
  }
  const other = await open(readText(join(upstreamInvalid, "unknown-item-property.json")));
  assert.deepEqual(await actionsFor(other, [at(other, "unknown-property")]), [], "only grouping members are removed");
  const legacy = await open(readText(join(upstreamInvalid, "legacy-format-version.json")));
  const { after } = await apply(legacy, titled(await actionsFor(legacy, legacy.diagnostics), "Migrate to FS 0.2 (remove groupings)"));
  assert.deepEqual(after.diagnostics, []);
});

test("the source action records a snapshot that then matches", async () => {
  const document = await open(readText(join(upstreamValid, "snapshot-mismatch-source.json")));
  assert.ok(codes(document.diagnostics).includes("snapshot-mismatch"));
  const actions = await actionsFor(document, [], ["source"]);
  const record = titled(actions, "Record validation snapshot");
  assert.equal(record.kind, "source.fs.recordSnapshot");
  assert.ok(
    actions.every((action) => action.kind?.startsWith("source")),
    "only source actions were asked for",
  );
  const { text } = await apply(document, record);
  const uri = `file:///actions/recorded-${counter++}.json`;
  await server.open(uri, text);
  const diff = server.with(uri, (analysis) => service.snapshotDiff(analysis));
  assert.equal(diff?.diff?.status, "match");
  const quickOnly = await actionsFor(document, [], ["quickfix"]);
  assert.ok(quickOnly.every((action) => action.kind === "quickfix"));
});

test("no actions while the text does not parse, and none for JSON that is not an FS document", async () => {
  const text = readText(join(upstreamValid, "no-rollups.json"));
  const document = await open(text);
  const broken = text.replace('"fy2025": "10"', '"fy2025": "10",');
  await server.change(document.uri, 2, [{ text: broken }]);
  assert.deepEqual(await actionsFor({ ...document, text: broken }, [], ["source"]), []);

  const uri = "file:///actions/package.json";
  assert.equal(server.openAny(uri, '{ "name": "x" }'), undefined, "package.json is no FS document");
  const result = server.with(uri, (analysis) => service.codeActions(analysis, { diagnostics: [] }));
  assert.equal(result, null);
});
