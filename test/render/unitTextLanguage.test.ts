// A unit's full name ("GBP thousands (GBP, scale 3)") in the display language: the word "scale" is
// the product's, the label and measure are the author's. The new-user tryout saw "scale 3" in the
// German preview's caption "Einheit: GBP thousands (GBP, scale 3)". The CLI, with no bundle, keeps English.

import assert from "node:assert/strict";
import { test } from "node:test";
import { unitText } from "../../shared/src/render/format";
import { germanBundle, withBundle } from "../support/germanBundle";

const unit = () => ({ id: "gbp-thousands", resolved: true, label: "GBP thousands", measure: "GBP", scale: "3" });

test("a unit's scale is named in the display language; without a bundle in English", async () => {
  assert.equal(unitText(unit()), "GBP thousands (GBP, scale 3)");
  await withBundle(germanBundle(), () => assert.equal(unitText(unit()), "GBP thousands (GBP, Skala 3)"));
  assert.equal(unitText(unit()), "GBP thousands (GBP, scale 3)");
});
