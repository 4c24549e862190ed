// A second editor: Neovim's built-in LSP client drives fsdoc-language-server --stdio (Debian's
// neovim, 0.7.2, installed by .ci/run), through test/editors/neovim-client.lua. Problems at their
// exact ranges, hover, completion, a quick fix applied, rename, settings from the client's
// `settings`, and a plain JSON file left alone. Outside CI the test is skipped when nvim is missing;
// in CI (CI=true) it must run.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { findNodeAtLocation, parseTree, type JSONPath, type Node } from "jsonc-parser";
import { repoRoot } from "../support/paths";

interface Position {
  line: number;
  character: number;
}
interface Range {
  start: Position;
  end: Position;
}
interface Diagnostic {
  range: Range;
  severity: number;
  code: string;
  message: string;
}
interface Results {
  error?: string;
  capabilities: Record<string, unknown>;
  diagnostics: Diagnostic[];
  hover: { contents: { kind: string; value: string } } | null;
  completion: { items: { label: string }[] } | { label: string }[] | null;
  actions: string[];
  applied: string;
  after_fix: Diagnostic[];
  text: string;
  plain_hover: unknown;
  plain_uri: string;
  plain_diagnostics: Diagnostic[];
  published: { uri: string; count: number }[];
}

const nvim = spawnSync("nvim", ["--version"], { encoding: "utf8" });
const missing = nvim.error !== undefined || nvim.status !== 0;
const skip = missing && process.env.CI !== "true" ? "nvim is not installed (apt-get install neovim; .ci/run installs it)" : false;

/** A position in `text` (ASCII here) of the node at `path`, `offset` characters into it. */
function positionOf(text: string, path: JSONPath, offset = 0): Position {
  const node: Node | undefined = findNodeAtLocation(parseTree(text)!, path);
  assert.ok(node !== undefined, `no node at ${path.join("/")}`);
  return positionAt(text, node.offset + offset);
}
function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}
/** Range, severity and code, in document order. */
function shown(diagnostics: Diagnostic[]): Pick<Diagnostic, "range" | "severity" | "code">[] {
  return diagnostics.map(({ range, severity, code }) => ({ range, severity, code })).sort((a, b) => a.range.start.line - b.range.start.line);
}
function rangeOf(text: string, path: JSONPath, part: "value" | "key" = "value"): Range {
  const value = findNodeAtLocation(parseTree(text)!, path)!;
  const node = part === "key" ? value.parent!.children![0]! : value;
  return { start: positionAt(text, node.offset), end: positionAt(text, node.offset + node.length) };
}

test("Neovim's LSP client: problems, hover, completion, a quick fix, rename, and plain JSON left alone", { skip, timeout: 180_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "fsdoc-nvim-"));
  try {
    const minimal = readFileSync(join(repoRoot, "fixtures/examples/minimal.json"), "utf8");
    // Cash written as a JSON number (an error, fixed by a quick fix), and a total one off (a rollup
    // warning once the document conforms).
    const text = minimal.replace('"at-2025": "1200"', '"at-2025": 1200').replace('"at-2025": "2000"', '"at-2025": "2001"');
    assert.notEqual(text, minimal);
    const items = ["statements", 0, "items"];
    const document = join(dir, "company.json");
    const second = join(dir, "second.json");
    const plain = join(dir, "package.json");
    writeFileSync(document, text);
    writeFileSync(second, minimal);
    writeFileSync(plain, `${JSON.stringify({ name: "ordinary", version: "1.0.0", statements: "not an FS document" }, null, 2)}\n`);
    const results = join(dir, "results.json");
    const input = join(dir, "input.json");
    writeFileSync(
      input,
      JSON.stringify({
        cmd: [process.execPath, join(repoRoot, "dist/server.js"), "--stdio"],
        root: dir,
        // As the README's configurations pass them: the server asks for the `fs` section.
        settings: { fs: { validation: { delay: 20 }, rollups: { severity: "error" } } },
        document,
        second,
        plain,
        results,
        // On the total's value; in the unit reference's string; on the unit's id.
        hover: positionOf(text, [...items, 2, "values", "at-2025"], 1),
        completion: positionOf(text, [...items, 0, "unit"], 1),
        rename: positionOf(text, ["units", 0, "id"], 1),
        new_name: "eur",
        fix_code: "decimal-string-required",
      }),
    );
    const xdg = join(dir, "xdg");
    mkdirSync(xdg);
    const run = spawnSync("nvim", ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", `luafile ${join(repoRoot, "test/editors/neovim-client.lua")}`], {
      cwd: dir,
      encoding: "utf8",
      timeout: 150_000,
      env: { ...process.env, FSDOC_NVIM_INPUT: input, XDG_CONFIG_HOME: xdg, XDG_DATA_HOME: xdg, XDG_STATE_HOME: xdg, XDG_CACHE_HOME: xdg },
    });
    const result = JSON.parse(readFileSync(results, "utf8")) as Results;
    assert.equal(result.error, undefined, `${result.error}\n${run.stderr}`);
    assert.equal(run.status, 0, run.stderr);

    // The JSON number, marked at exactly its value; the recorded snapshot, on its key.
    assert.deepEqual(shown(result.diagnostics), [
      { range: rangeOf(text, [...items, 0, "values", "at-2025"]), severity: 1, code: "decimal-string-required" },
      { range: rangeOf(text, ["validationSnapshot"], "key"), severity: 3, code: "snapshot-mismatch" },
    ]);
    assert.ok(result.capabilities.hoverProvider && result.capabilities.renameProvider);
    assert.match(result.hover?.contents.value ?? "", /Cash and cash equivalents/);
    const labels = (Array.isArray(result.completion) ? result.completion : (result.completion?.items ?? [])).map((item) => item.label);
    assert.ok(
      labels.some((label) => label.includes("gbp")),
      `unit completion: ${labels.join(", ")}`,
    );

    // The fix made the document conform: the total's rollup is checked, an error by the client's settings.
    // The recorded snapshot no longer matches either (information, on its key).
    assert.ok(result.actions.length > 0);
    const fixed = text.replace('"at-2025": 1200', '"at-2025": "1200"');
    assert.deepEqual(
      shown(result.after_fix),
      [
        { range: rangeOf(fixed, [...items, 2, "values", "at-2025"]), severity: 1, code: "rollup-unsatisfied" },
        { range: rangeOf(fixed, ["validationSnapshot"], "key"), severity: 3, code: "snapshot-mismatch" },
      ],
      result.applied,
    );

    // Rename: the unit's id and every reference to it.
    const renamed = parseTree(result.text)!;
    assert.equal(findNodeAtLocation(renamed, ["units", 0, "id"])?.value, "eur");
    for (const index of [0, 1, 2]) assert.equal(findNodeAtLocation(renamed, [...items, index, "unit"])?.value, "eur");
    assert.match(result.text, /"at-2025": "1200"/, "the fix is in the buffer");

    // The plain JSON file: no hover, no diagnostics, nothing published for it.
    assert.equal(result.plain_hover ?? null, null, "no hover (Lua drops a null result)");
    assert.deepEqual(result.plain_diagnostics, []);
    assert.equal(result.plain_uri, pathToFileURL(plain).href);
    assert.deepEqual(
      result.published.filter((entry) => entry.uri === result.plain_uri && entry.count > 0),
      [],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
