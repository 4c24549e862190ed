// Resource-scoped settings in a multi-root workspace: the server asks for each document's settings
// with its URI (workspace/configuration with scopeUri), so two folders can differ in the rollup
// severity, the lenses, the inlay hints and the problem cap, over the protocol.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { CodeLensRequest, DiagnosticSeverity, InlayHintRequest } from "vscode-languageserver-protocol/node";
import { readText, upstreamRoot } from "../support/paths";
import { serveThisFile, type ServerUnderTest } from "./harness";

const manufacturing = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));
const STRICT = "file:///work/strict/";
const QUIET = "file:///work/quiet/";
const asked: (string | undefined)[] = [];
let server: ServerUnderTest;

serveThisFile(
  (started) => {
    server = started;
  },
  { rollups: { severity: "warning" } },
  {
    settingsFor: (scopeUri) => {
      asked.push(scopeUri);
      if (scopeUri?.startsWith(STRICT) === true) return { rollups: { severity: "error" }, inlayHints: { rollupSums: "always" } };
      if (scopeUri?.startsWith(QUIET) === true) return { rollups: { severity: "off" }, codeLens: { enabled: false }, inlayHints: { rollupSums: "never" } };
      return {};
    },
  },
);

const rollupDiagnostics = (diagnostics: { code?: string | number; severity?: DiagnosticSeverity }[]) =>
  diagnostics.filter((diagnostic) => String(diagnostic.code).startsWith("rollup-"));

test("each folder's documents get that folder's rollup severity, lenses and inlay hints", async () => {
  const strict = `${STRICT}statements.json`;
  const quiet = `${QUIET}statements.json`;
  const other = "file:///work/elsewhere/statements.json";
  // The first publication may precede the folder's answer; wait for the one with its settings.
  const strictOpened = server.diagnostics(strict, (params) => rollupDiagnostics(params.diagnostics).some((d) => d.severity === DiagnosticSeverity.Error));
  const quietOpened = server.diagnostics(quiet, (params) => rollupDiagnostics(params.diagnostics).length === 0);
  await Promise.all([server.open(strict, manufacturing), server.open(quiet, manufacturing), server.open(other, manufacturing)]);
  const [strictDiagnostics, quietDiagnostics] = await Promise.all([strictOpened, quietOpened]);
  assert.ok(asked.includes(strict) && asked.includes(quiet), "the server asked with each document's URI");

  assert.ok(rollupDiagnostics(strictDiagnostics.diagnostics).length > 0);
  assert.ok(rollupDiagnostics(strictDiagnostics.diagnostics).every((d) => d.severity === DiagnosticSeverity.Error));
  assert.deepEqual(rollupDiagnostics(quietDiagnostics.diagnostics), [], "severity off in the quiet folder");
  const otherDiagnostics = server.published.filter((params) => params.uri === other).at(-1)!;
  assert.ok(
    rollupDiagnostics(otherDiagnostics.diagnostics).every((d) => d.severity === DiagnosticSeverity.Warning),
    "the window's setting elsewhere",
  );

  assert.ok(((await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: strict } })) ?? []).length > 1);
  assert.equal(await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: quiet } }), null, "lenses off in the quiet folder");

  const range = { start: { line: 0, character: 0 }, end: { line: manufacturing.split("\n").length, character: 0 } };
  const strictHints = (await server.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri: strict }, range })) ?? [];
  const otherHints = (await server.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri: other }, range })) ?? [];
  const quietHints = (await server.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri: quiet }, range })) ?? [];
  // "always" shows every subtotal, "whenDifferent" (the default) only the failing one, "never" none.
  assert.ok(strictHints.length > otherHints.length && otherHints.length > 0, `${strictHints.length} > ${otherHints.length} > 0`);
  assert.equal(quietHints.length, 0);
});

test("a folder whose settings are the window's does not get its diagnostics published twice", async () => {
  const plain = "file:///work/plain/statements.json";
  await server.open(plain, manufacturing);
  // The folder's settings were asked for and answered; a request sent after that is handled after
  // the server compared them, so by its answer a second publication would have been sent.
  while (!asked.includes(plain)) await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: plain } });
  await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: plain } });
  assert.equal(server.published.filter((params) => params.uri === plain).length, 1);
});
