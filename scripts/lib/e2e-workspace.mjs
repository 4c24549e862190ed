// The folder the end-to-end tests open in the editor, built fresh for every run from the reference
// project's public examples, so that the expectations rest on files nobody here edits.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateWithStats } from "../bench/generate.mjs";

const root = new URL("../..", import.meta.url).pathname;
const upstream = join(root, "../shared/conformance/upstream-0.2");

/** The label the preview must show as text, never as markup. */
export const HOSTILE_LABEL = "<img src=x onerror=alert(1)>";

export const E2E_FILES = {
  /** One unsatisfied rollup: Gross profit fy2025 states 41, its children sum to 40. */
  manufacturing: "manufacturing-group.json",
  /** One error: unknown-property at the item's "source" key. */
  unknownProperty: "unknown-item-property.json",
  /** A valid FS document whose first item's label is HOSTILE_LABEL. */
  hostileLabel: "hostile-label.json",
  /** An ordinary JSON file that is not an FS document. */
  ordinary: "package.json",
  /**
   * A workbook LibreOffice wrote (test/cli/fixtures/import), and the document `fsdoc import` makes
   * of it, under a name that is not *.json: FS: Validate Workspace's counts stay those of the files above.
   */
  workbook: "tailspin-one-sheet.xlsx",
  workbookImported: "tailspin-one-sheet.expected-import.txt",
  /**
   * A long draft (the bench's generator, "long+failing", 0.4 MB, seed 1: four statements of about
   * 230 items, several diagnostic groups each) as text, not *.json, for the same reason: the suites
   * open it as untitled JSON.
   */
  longDraft: "long-draft.json.txt",
};

/** Writes the test files into `folder` (which must exist or be creatable); returns `folder`. */
export function prepareE2eWorkspace(folder) {
  mkdirSync(folder, { recursive: true });
  copyFileSync(join(upstream, "examples/manufacturing-group.json"), join(folder, E2E_FILES.manufacturing));
  copyFileSync(join(upstream, "fixtures/invalid/unknown-item-property.json"), join(folder, E2E_FILES.unknownProperty));

  const hostile = JSON.parse(readFileSync(join(upstream, "examples/minimal.json"), "utf8"));
  hostile.statements[0].items[0].label = HOSTILE_LABEL;
  writeFileSync(join(folder, E2E_FILES.hostileLabel), `${JSON.stringify(hostile, null, 2)}\n`);

  const imports = join(root, "test/cli/fixtures/import");
  copyFileSync(join(imports, E2E_FILES.workbook), join(folder, E2E_FILES.workbook));
  copyFileSync(join(imports, "tailspin-one-sheet.expected.json"), join(folder, E2E_FILES.workbookImported));

  writeFileSync(join(folder, E2E_FILES.longDraft), generateWithStats({ targetBytes: 400_000, seed: 1, shape: "long+failing" }).text);

  const ordinary = { name: "ordinary-project", version: "1.0.0", private: true, scripts: { build: "tsc -b" }, dependencies: { "left-pad": "^1.3.0" } };
  writeFileSync(join(folder, E2E_FILES.ordinary), `${JSON.stringify(ordinary, null, 2)}\n`);
  return folder;
}
