// fsdoc import refuses what it cannot read with one line on standard error, exit 1, and nothing
// written: an empty file, a legacy .xls, an encrypted workbook, a truncated or corrupt zip, a zip
// that would inflate beyond the cap, a file over the size cap, and a workbook without fsdoc's
// definitions sheet.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { importSpreadsheet, IMPORT_LIMITS } from "../../shared/src/import/index";
import { fixturesRoot } from "../support/paths";
import { fsdoc, scratch } from "./support";

/** An OLE compound file's header, then the given stream name in UTF-16LE, as a directory entry holds it. */
function compoundFile(stream: string): Uint8Array {
  const bytes = new Uint8Array(4096);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  [...stream].forEach((char, index) => (bytes[1024 + index * 2] = char.charCodeAt(0)));
  return bytes;
}

function exportedBook(dir: string): Uint8Array {
  const run = fsdoc(["render", "--format", "xlsx", "--output", join(dir, "good.xlsx"), join(fixturesRoot, "examples", "minimal.json")]);
  assert.equal(run.code, 0, run.stderr);
  return new Uint8Array(readFileSync(join(dir, "good.xlsx")));
}

test("bad input: one line, exit 1, nothing written", async () => {
  const dir = scratch();
  const good = exportedBook(dir);
  const view = new DataView(good.buffer, good.byteOffset, good.byteLength);
  // The central directory's first entry: its inflated size set to 300 MiB (a zip bomb's claim).
  const directory = view.getUint32(good.length - 22 + 16, true);
  const bomb = good.slice();
  new DataView(bomb.buffer).setUint32(directory + 24, 300 * 1024 * 1024, true);
  const corrupt = good.slice();
  corrupt.fill(0x41, directory, directory + 60);
  const cases: [string, Uint8Array, RegExp][] = [
    ["empty.xlsx", new Uint8Array(0), /empty\.xlsx is empty/],
    ["legacy.xls", compoundFile("Workbook"), /legacy binary Excel workbook \(\.xls\); save it as \.xlsx/],
    ["locked.xlsx", compoundFile("EncryptionInfo"), /encrypted \(password-protected\) workbook/],
    ["truncated.xlsx", good.slice(0, Math.floor(good.length / 2)), /not a complete zip file \(truncated or corrupt\)/],
    ["corrupt.xlsx", corrupt, /corrupt zip file/],
    ["bomb.xlsx", bomb, /would inflate to 300 MiB; the import reads workbooks of up to 256 MiB inflated/],
    ["statements.csv", new TextEncoder().encode("Item,2025\nRevenue,100\n"), /is not an XLSX workbook written by fsdoc/],
  ];
  for (const [name, bytes, message] of cases) {
    writeFileSync(join(dir, name), bytes);
    const run = fsdoc(["import", name, "--output", "out.json", "--report", "report.json"], { cwd: dir });
    assert.equal(run.code, 1, name);
    assert.match(run.stderr, message, name);
    assert.equal(run.stderr.trim().split("\n").length, 1, `${name}: one line: ${run.stderr}`);
    assert.equal(run.stdout, "", name);
    assert.equal(existsSync(join(dir, "out.json")) || existsSync(join(dir, "report.json")), false, `${name}: nothing written`);
    const direct = await importSpreadsheet(bytes, name);
    assert.equal(direct.ok, false, name);
  }
  // Over the size cap: a sparse file, refused from its size before it is read.
  writeFileSync(join(dir, "huge.xlsx"), good);
  truncateSync(join(dir, "huge.xlsx"), IMPORT_LIMITS.fileBytes + 1);
  const huge = fsdoc(["import", "huge.xlsx", "--output", "out.json"], { cwd: dir });
  assert.equal(huge.code, 1);
  assert.match(huge.stderr, /^fsdoc: huge\.xlsx is 64 MiB; the import reads files up to 64 MiB\n$/);
  assert.equal(existsSync(join(dir, "out.json")), false);
  // A workbook made elsewhere, without fsdoc's definitions sheet.
  const { default: excel } = await import("exceljs");
  const other = new excel.Workbook();
  other.addWorksheet("Sheet1").getCell("A1").value = "Revenue";
  await other.xlsx.writeFile(join(dir, "other.xlsx"));
  const foreign = fsdoc(["import", "other.xlsx"], { cwd: dir });
  assert.equal(foreign.code, 1);
  assert.match(foreign.stderr, /has no FS definitions sheet/);
});
