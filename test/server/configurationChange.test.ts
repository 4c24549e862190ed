// A configuration change acts on what changed only: the client sends one at start-up and for any
// setting of any extension, usually with the settings already in use, and re-analysing and
// re-publishing every open document for nothing costs as much as opening it (a 5 MB document:
// hundreds of milliseconds and 200 KB of diagnostics through the editor).

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { CodeLensRequest, DiagnosticSeverity, DidChangeConfigurationNotification } from "vscode-languageserver-protocol/node";
import { readText, upstreamRoot } from "../support/paths";
import { startServer, type ServerUnderTest } from "./harness";

const manufacturing = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));

test("a configuration change re-publishes and refreshes only what its settings change", async () => {
  const current = { rollups: { severity: "warning" }, codeLens: { enabled: true }, inlayHints: { rollupSums: "whenDifferent" } };
  const asked: (string | undefined)[] = [];
  const askWaiters: { count: number; resolve: () => void }[] = [];
  const server: ServerUnderTest = await startServer(
    {},
    {},
    {
      settingsFor: (scopeUri) => {
        asked.push(scopeUri);
        for (const waiter of askWaiters.filter((candidate) => asked.length >= candidate.count)) {
          askWaiters.splice(askWaiters.indexOf(waiter), 1);
          waiter.resolve();
        }
        return structuredClone(current);
      },
    },
  );
  const asks = (count: number) => new Promise<void>((resolve) => (asked.length >= count ? resolve() : askWaiters.push({ count, resolve })));
  const refreshes = { codeLens: 0, inlayHint: 0 };
  server.connection.onRequest("workspace/codeLens/refresh", () => {
    refreshes.codeLens++;
    return null;
  });
  server.connection.onRequest("workspace/inlayHint/refresh", () => {
    refreshes.inlayHint++;
    return null;
  });
  const uri = "file:///configuration/statements.json";
  const publications = () => server.published.filter((params) => params.uri === uri);
  /**
   * A request the server handles after the settings answered so far: the first may overtake the
   * last answer (the harness writes it a moment after its handler returns); the second is sent
   * after the first came back, so after that answer was written, and the server, having acted on
   * the settings before it reads the next message, has sent whatever they cause by its reply.
   */
  const settled = async (): Promise<void> => {
    await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } });
    await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } });
  };
  /** Sends a configuration change; returns once the server has read the window's and the document's settings and acted on them. */
  const change = async (): Promise<void> => {
    const read = asks(asked.length + 2);
    await server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    await read;
    await settled();
  };
  try {
    const opened = await server.open(uri, manufacturing);
    await asks(2); // the window's settings (after initialized) and the document's (after didOpen)
    while (!asked.includes(uri)) await asks(asked.length + 1);
    await settled();
    assert.equal(publications().length, 1);
    assert.ok(opened.diagnostics.some((diagnostic) => diagnostic.severity === DiagnosticSeverity.Warning));

    // The start-up case: the same settings again. Nothing is published, nothing refreshed.
    await change();
    assert.equal(publications().length, 1, "same settings: no second publication");
    assert.deepEqual(refreshes, { codeLens: 0, inlayHint: 0 });

    // The severity: the diagnostics once more, from the same version; lenses and hints stay.
    current.rollups.severity = "error";
    await change();
    assert.equal(publications().length, 2);
    const republished = publications()[1]!;
    assert.equal(republished.version, 1);
    const rollups = republished.diagnostics.filter((diagnostic) => String(diagnostic.code).startsWith("rollup-"));
    assert.ok(rollups.length > 0 && rollups.every((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error));
    assert.deepEqual(refreshes, { codeLens: 0, inlayHint: 0 });

    // The lenses' switch: a lens refresh, no publication.
    current.codeLens.enabled = false;
    await change();
    assert.equal(publications().length, 2);
    assert.deepEqual(refreshes, { codeLens: 1, inlayHint: 0 });
    assert.equal(await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } }), null);

    // The inlay hints' setting: an inlay hint refresh, no publication.
    current.inlayHints.rollupSums = "never";
    await change();
    assert.equal(publications().length, 2);
    assert.deepEqual(refreshes, { codeLens: 1, inlayHint: 1 });
  } finally {
    await server.stop();
  }
  assert.equal(server.stderr(), "");
});
