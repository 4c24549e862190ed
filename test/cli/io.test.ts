// Hardening of fsdoc's input and output (issue 10, items 4 and 6–11): strict UTF-8, syntax errors
// as data, and `record` keeping every other byte, the file's mode, owner and links, never replacing
// special files, and failing cleanly when standard output fails.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, lstatSync, readFileSync, readdirSync, readlinkSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { firstInvalidUtf8 } from "../../cli/src/utf8";
import { upstreamRoot } from "../support/paths";
import { cliPath, documentText, fsdoc, scratch } from "./support";

const fixtures = join(upstreamRoot, "fixtures");
const conforming = () => readFileSync(join(fixtures, "valid/snapshot-mismatch-source.json"));

test("invalid UTF-8 inside a string is an error with the byte offset and line, exit 1", () => {
  const cases: [string, Buffer][] = [
    ["0xff", Buffer.from([0xff])],
    ["overlong slash", Buffer.from([0xc0, 0xaf])],
    ["encoded surrogate", Buffer.from([0xed, 0xa0, 0x80])],
    ["truncated sequence", Buffer.from([0xe2, 0x82])],
    ["above U+10FFFF", Buffer.from([0xf4, 0x90, 0x80, 0x80])],
  ];
  const text = documentText([{ id: "a", label: "LABEL", values: { fy2025: "1" } }]);
  const prefix = Buffer.from(text.slice(0, text.indexOf("LABEL")), "utf8");
  const suffix = Buffer.from(text.slice(text.indexOf("LABEL") + 5), "utf8");
  const line = text.slice(0, text.indexOf("LABEL")).split("\n").length;
  const dir = scratch();
  for (const [name, bad] of cases) {
    const file = join(dir, "bad.json");
    writeFileSync(file, Buffer.concat([prefix, Buffer.from("x"), bad, suffix]));
    for (const args of [
      ["validate", file],
      ["validate", "--format", "text", file],
      ["record", file],
      ["render", file],
    ]) {
      const run = fsdoc(args);
      assert.equal(run.code, 1, `${name}: ${args.join(" ")}`);
      assert.match(run.stderr + run.stdout, new RegExp(`byte offset ${prefix.length + 1} \\(line ${line}`), name);
    }
    const { error } = JSON.parse(fsdoc(["validate", file]).stdout) as { error: Record<string, unknown> };
    assert.equal(error.code, "invalid-utf8", name);
    assert.equal(error.byteOffset, prefix.length + 1);
    assert.equal(error.line, line);
    assert.equal(error.path, "/statements/0/items/0", "the deepest container reached");
  }
  // Valid multi-byte text around the boundary cases is accepted.
  assert.equal(firstInvalidUtf8(Buffer.from("é€😀\u{10FFFF}\uD7FF\uE000", "utf8")), -1);
  assert.equal(firstInvalidUtf8(Buffer.from([0x61, 0xe0, 0x80, 0x80])), 1, "overlong 3-byte");
  assert.equal(firstInvalidUtf8(Buffer.from([0xf0, 0x80, 0x80, 0x80])), 0, "overlong 4-byte");
});

test("a syntax error is data: code, the deepest container's path, line and column, alone or among others", () => {
  const dir = scratch();
  const text = documentText([{ id: "a", values: { fy2025: "1" } }]).replace('"label": "a"', '"label": "a",,');
  writeFileSync(join(dir, "broken.json"), text);
  const line = text.split("\n").findIndex((candidate) => candidate.includes(",,")) + 1;
  const one = fsdoc(["validate", "broken.json"], { cwd: dir });
  assert.equal(one.code, 1);
  const single = JSON.parse(one.stdout) as { file: string; error: { code: string; path: string; line: number; column: number; message: string } };
  assert.deepEqual(
    { ...single.error, message: undefined },
    { code: "invalid-json", path: "/statements/0/items/0", line, column: text.split("\n")[line - 1]!.indexOf(",,") + 2, message: undefined },
  );
  writeFileSync(join(dir, "good.json"), documentText([{ id: "a", values: { fy2025: "1" } }]));
  const many = JSON.parse(fsdoc(["validate", "good.json", "broken.json"], { cwd: dir }).stdout) as { file: string; error?: unknown }[];
  assert.deepEqual(many[1], single, "the same shape in the array");
});

test("record keeps a UTF-8 byte-order mark, to stdout, --output and --in-place", () => {
  const dir = scratch();
  const file = join(dir, "bom.json");
  writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), conforming()]));
  const stdout = spawnSync(process.execPath, [cliPath, "record", file]);
  assert.equal(stdout.status, 0);
  assert.deepEqual([...stdout.stdout.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  assert.equal(fsdoc(["record", file, "--output", join(dir, "out.json")]).code, 0);
  assert.deepEqual([...readFileSync(join(dir, "out.json")).subarray(0, 4)], [0xef, 0xbb, 0xbf, 0x7b]);
  assert.equal(fsdoc(["record", "--in-place", file]).code, 0);
  const after = readFileSync(file);
  assert.deepEqual([...after.subarray(0, 4)], [0xef, 0xbb, 0xbf, 0x7b]);
  assert.equal(after.length, stdout.stdout.length, "the same bytes as printed");
  const plain = join(dir, "plain.json");
  writeFileSync(plain, conforming());
  assert.equal(fsdoc(["record", "--in-place", plain]).code, 0);
  assert.equal(readFileSync(plain)[0], 0x7b, "no mark added where there was none");
});

test("record --in-place keeps the file's mode and owner", () => {
  const dir = scratch();
  const file = join(dir, "doc.json");
  writeFileSync(file, conforming());
  chmodSync(file, 0o640);
  const isRoot = process.getuid?.() === 0;
  if (isRoot) chownSync(file, 1234, 5678);
  assert.equal(fsdoc(["record", "--in-place", file]).code, 0);
  const stats = statSync(file);
  assert.equal(stats.mode & 0o777, 0o640);
  if (isRoot) assert.deepEqual([stats.uid, stats.gid], [1234, 5678]);
  assert.match(readFileSync(file, "utf8"), /"validationSnapshot"/);
  assert.deepEqual(readdirSync(dir), ["doc.json"], "no temporary file left");
});

test("record --in-place through a symlink updates the target and keeps the link", () => {
  const dir = scratch();
  const target = join(dir, "target.json");
  const link = join(dir, "link.json");
  writeFileSync(target, conforming());
  symlinkSync("target.json", link);
  assert.equal(fsdoc(["record", "--in-place", link]).code, 0);
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.equal(readlinkSync(link), "target.json");
  assert.equal(fsdoc(["diff", "--strict", target]).code, 0, "the target holds the recorded snapshot");
});

test("--output --force never replaces a FIFO, a device or a folder", () => {
  const dir = scratch();
  const source = join(dir, "doc.json");
  writeFileSync(source, conforming());
  const fifo = join(dir, "fifo");
  assert.equal(spawnSync("mkfifo", [fifo]).status, 0);
  for (const target of [fifo, "/dev/null", dir]) {
    const run = fsdoc(["record", source, "--output", target, "--force"]);
    assert.equal(run.code, 1, target);
    assert.match(run.stderr, /not a regular file/);
    assert.doesNotMatch(run.stderr, /recorded/);
  }
  assert.ok(lstatSync(fifo).isFIFO(), "still a FIFO");
  assert.ok(statSync("/dev/null").isCharacterDevice());
  const render = fsdoc(["render", source, "--output", fifo, "--force"]);
  assert.equal(render.code, 1);
  assert.ok(lstatSync(fifo).isFIFO());
});

test("a failed write to standard output is one line and exit 1, with no success message", { skip: !existsSync("/dev/full") }, () => {
  const file = join(fixtures, "valid/snapshot-mismatch-source.json");
  for (const args of [
    ["record", file],
    ["validate", file],
    ["render", file],
    ["validate", "--format", "sarif", file],
  ]) {
    const run = spawnSync("sh", ["-c", `"${process.execPath}" "${cliPath}" ${args.map((arg) => `"${arg}"`).join(" ")} > /dev/full`], { encoding: "utf8" });
    assert.equal(run.status, 1, args.join(" "));
    assert.match(run.stderr, /^fsdoc: cannot write to standard output: no space left on device$/m);
    assert.doesNotMatch(run.stderr, /recorded|\n\s+at /, "no success message, no stack trace");
  }
});

test("a closed pipe ends quietly", () => {
  const big = join(scratch(), "big.json");
  const items = Array.from({ length: 3000 }, (_, index) => ({ id: `i${index}`, values: { fy2025: String(index) } }));
  writeFileSync(big, documentText(items));
  for (const args of [
    ["record", big],
    ["render", big],
    ["validate", "--format", "text", big, big],
    ["render", "--format", "tsv", big],
  ]) {
    const run = spawnSync("bash", ["-c", `"${process.execPath}" "${cliPath}" ${args.map((arg) => `"${arg}"`).join(" ")} | head -c1 >/dev/null; exit \${PIPESTATUS[0]}`], {
      encoding: "utf8",
    });
    assert.equal(run.status, 0, args.join(" "));
    assert.doesNotMatch(run.stderr, /EPIPE|Error|\n\s+at /, args.join(" "));
    assert.doesNotMatch(run.stderr, /cannot write/);
  }
});
