// npm start's port (scripts/lib/startPort.mjs): the last start's port again while it is free, since
// the browser keeps unsaved editors and the walkthrough's ticks per address; a new one, said so,
// when it is taken, without forgetting the usual one; PORT always wins.

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { choosePort } from "../../scripts/lib/startPort.mjs";

function hold(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

test("the same port on every start while it is free; another, with a note, when it is taken; PORT wins", async () => {
  const dir = mkdtempSync(join(tmpdir(), "fs-start-port-"));
  const portFile = join(dir, "profile", "port");
  try {
    const first = await choosePort({ requested: 0, portFile });
    assert.equal(first.note, undefined);
    assert.equal(readFileSync(portFile, "utf8").trim(), String(first.port));
    const second = await choosePort({ requested: 0, portFile });
    assert.deepEqual(second, { port: first.port, note: undefined });

    const holder = await hold(first.port);
    try {
      const moved = await choosePort({ requested: 0, portFile });
      assert.notEqual(moved.port, first.port);
      assert.match(moved.note ?? "", new RegExp(`port ${first.port} \\(where npm start serves VS Code\\) is taken by another program, so this start serves on ${moved.port}`));
      assert.match(moved.note ?? "", new RegExp(`Stop what holds ${first.port} and run npm start again: it goes back to ${first.port}\\.`));
      // The start that had to move leaves the usual address remembered.
      assert.equal(readFileSync(portFile, "utf8").trim(), String(first.port));
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    assert.deepEqual(await choosePort({ requested: 0, portFile }), { port: first.port, note: undefined }, "back to the usual port once it is free");

    assert.deepEqual(await choosePort({ requested: 4321, portFile }), { port: 4321, note: undefined });
    writeFileSync(portFile, "not a port\n");
    const fresh = await choosePort({ requested: 0, portFile });
    assert.equal(fresh.note, undefined);
    assert.ok(fresh.port > 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
