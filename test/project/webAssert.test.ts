// The web build of the e2e runner replaces node:assert with test/e2e/runner-extension/webAssert.js
// (test/e2e/harness.ts). A method the suites call that it lacks fails only in the web run, as a
// TypeError in the middle of a suite (assert.notEqual did so once, and the editor it left behind
// hid every other result). This checks that it has every method the suites call, and that each
// one it has fails where node:assert does.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, it } from "node:test";
import { repoRoot } from "../support/paths";

const RUNNER = join(repoRoot, "test/e2e/runner-extension");
const webAssert = createRequire(__filename)(join(RUNNER, "webAssert.js")) as Record<string, (...args: unknown[]) => unknown>;

/** The assert methods called by the runner's files that load node:assert. */
function methodsCalled(): Map<string, string> {
  const called = new Map<string, string>();
  for (const file of readdirSync(RUNNER).filter((name) => name.endsWith(".js") && name !== "webAssert.js")) {
    const text = readFileSync(join(RUNNER, file), "utf8");
    if (!/require\("node:assert(\/strict)?"\)/.test(text)) continue;
    for (const match of text.matchAll(/\bassert\.([A-Za-z]+)\(/g)) called.set(match[1]!, file);
  }
  return called;
}

describe("the web runner's stand-in for node:assert", () => {
  it("has every method the suites call", () => {
    const called = methodsCalled();
    assert.ok(called.has("equal") && called.has("notEqual"), `the scan found ${[...called.keys()].join(", ")}`);
    for (const [method, file] of called) assert.equal(typeof webAssert[method], "function", `${file} calls assert.${method}, which webAssert.js lacks`);
  });

  it("fails and passes where node:assert/strict does", async () => {
    const cases: [string, unknown[]][] = [
      ["ok", [0]],
      ["ok", [1]],
      ["equal", [1, 1]],
      ["equal", [1, "1"]],
      ["notEqual", [1, 2]],
      ["notEqual", [2, 2]],
      ["deepEqual", [{ a: [1] }, { a: [1] }]],
      ["deepEqual", [{ a: [1] }, { a: [2] }]],
      ["match", ["abc", /b/]],
      ["match", ["abc", /d/]],
    ];
    const outcome = (run: () => unknown) => {
      try {
        run();
        return "passes";
      } catch {
        return "fails";
      }
    };
    for (const [method, args] of cases) {
      const expected = outcome(() => (assert as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!(...args));
      assert.equal(
        outcome(() => webAssert[method]!(...args)),
        expected,
        `${method}(${args.map(String).join(", ")})`,
      );
    }
    await assert.rejects(webAssert.rejects!(Promise.resolve(1), "resolved") as Promise<void>);
    await webAssert.rejects!(Promise.reject(new Error("no")), "rejected");
  });
});
