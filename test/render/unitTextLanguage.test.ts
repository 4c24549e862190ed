// A unit's full name ("GBP thousands (GBP, scale 3)") in the display language: the word "scale" is
// the product's, the label and measure are the author's. The new-user tryout saw "scale 3" in the
// German preview's caption "Einheit: GBP thousands (GBP, scale 3)". The CLI, with no bundle, keeps English.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import * as l10n from "@vscode/l10n";
import { unitText } from "../../shared/src/render/format";
import { repoRoot } from "../support/paths";

const unit = () => ({ id: "gbp-thousands", resolved: true, label: "GBP thousands", measure: "GBP", scale: "3" });

test("a unit's scale is named in the display language; without a bundle in English", () => {
  assert.equal(unitText(unit()), "GBP thousands (GBP, scale 3)");
  const german = JSON.parse(readFileSync(join(repoRoot, "l10n", "bundle.l10n.de.json"), "utf8")) as Record<string, string>;
  l10n.config({ contents: german });
  try {
    assert.equal(unitText(unit()), "GBP thousands (GBP, Skala 3)");
  } finally {
    l10n.config({ contents: {} });
  }
});
