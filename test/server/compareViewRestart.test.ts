// A changes view's requests (client/src/compare/viewRequests.ts) against the real server: OLD sent
// once, then patches from the view the page holds; after the server restarts (a new process with
// the document opened again, as the language client does), the next request re-sends OLD by
// itself and gets the whole view, where the view used to say "no longer available" for good.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { CompareViewRequest, type CompareViewResult } from "../../protocol/lsp";
import { CompareViewRequests, type NewSideNow } from "../../client/src/compare/viewRequests";
import { readText, upstreamRoot } from "../support/paths";
import { startServer, type ServerUnderTest } from "./harness";

const oldText = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));
const uri = "file:///compare/restart.json";

test("after a server restart the view re-sends OLD and gets the whole view; between edits it gets patches", async () => {
  let server: ServerUnderTest = await startServer();
  const sent: Record<string, unknown>[] = [];
  const requests = new CompareViewRequests("session-1", { text: oldText, name: "HEAD" }, "restart.json", (params) => {
    sent.push({ ...params });
    return server.connection.sendRequest(CompareViewRequest, params) as Promise<CompareViewResult | null>;
  });
  let text = oldText.replace('"at-2025": "400"', '"at-2025": "410"');
  let version = 1;
  const side: NewSideNow = { uri, held: true, version: () => version, text: () => text };
  /** Replaces the Cash value's digits (a value edit), as version `version + 1`. */
  const edit = async (from: string, to: string) => {
    const offset = text.indexOf(`"${from}"`) + 1;
    const lines = text.slice(0, offset).split("\n");
    const start = { line: lines.length - 1, character: (lines.at(-1) as string).length };
    text = text.slice(0, offset) + to + text.slice(offset + from.length);
    version += 1;
    await server.change(uri, version, [{ range: { start, end: { line: start.line, character: start.character + from.length } }, text: to }]);
  };
  try {
    await server.open(uri, text, version);
    const first = await requests.view(side);
    assert.ok(first?.wire !== undefined && first.problem === undefined, JSON.stringify(first?.problem));
    assert.equal(sent[0]?.oldText, oldText);

    await edit("410", "420");
    const second = await requests.view(side);
    assert.equal(second?.patch?.baseVersion, 1);
    assert.equal(second?.wire, undefined);
    assert.equal(sent[1]?.oldText, undefined, "OLD is not sent again");
    assert.equal(sent[1]?.baseVersion, 1);

    // The server restarts: a new process, the document opened again at the version it has.
    await server.stop();
    server = await startServer();
    await server.open(uri, text, version);
    await edit("420", "430");
    const third = await requests.view(side);
    assert.equal(third?.problem, undefined);
    assert.ok(third?.wire !== undefined, "the whole view: the new server holds none");
    assert.equal(third.version, 3);
    assert.equal(third.marks?.cells.find((cell) => cell.value !== undefined)?.value?.difference, "30");
    assert.equal(sent.filter((params) => params.oldText !== undefined).length, 2, "OLD sent again once, after the restart");

    // The page reloads: it holds nothing, so the next answer is whole again.
    requests.pageEmptied();
    assert.ok((await requests.view(side))?.wire);
  } finally {
    await server.stop();
  }
});
