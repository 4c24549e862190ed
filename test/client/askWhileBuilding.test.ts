// FS: Export XLSX asks where to save at once, while the server builds the workbook
// (client/src/commands/askWhileBuilding.ts): the dialog never waits for the build.

import assert from "node:assert/strict";
import { test } from "node:test";
import { askWhileBuilding, type Built } from "../../client/src/commands/askWhileBuilding";

test("the question comes while the build is still running, and the build has started", async () => {
  const events: string[] = [];
  let finish: (value: string) => void = () => undefined;
  const run = askWhileBuilding(
    () => {
      events.push("build started");
      return new Promise<string>((resolve) => (finish = resolve));
    },
    async () => {
      events.push("asked");
      return "book.xlsx";
    },
    async (building) => {
      events.push("waiting with progress");
      return building;
    },
  );
  // The build never finishes by itself: the question must not wait for it.
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(events, ["build started", "asked", "waiting with progress"]);
  finish("bytes");
  assert.deepEqual(await run, { target: "book.xlsx", built: { ok: true, value: "bytes" } });
});

test("a cancelled question drops the build without waiting for it", async () => {
  const result = await askWhileBuilding(
    () => new Promise<string>(() => undefined),
    async () => undefined,
    () => assert.fail("no progress for a cancelled export"),
  );
  assert.equal(result, undefined);
});

test("a build done before the answer is used without a progress notification; a failed build is reported as data", async () => {
  let answer: (value: string) => void = () => undefined;
  const asked = new Promise<string>((resolve) => (answer = resolve));
  const run = askWhileBuilding<string, string>(
    () => Promise.reject(new Error("server gone")),
    () => asked,
    () => assert.fail("the build was already done"),
  );
  await new Promise((resolve) => setImmediate(resolve));
  answer("book.xlsx");
  const result = await run;
  assert.equal(result?.target, "book.xlsx");
  const built = result?.built as Built<string>;
  assert.equal(built.ok, false);
  assert.match(String(!built.ok && built.error), /server gone/);
});
