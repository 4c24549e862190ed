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

test("a unit's full name does not repeat itself: no measure its name already is, no scale 0 alone", async () => {
  const eur = { id: "eur", resolved: true, label: "EUR", measure: "EUR", scale: "0" };
  // The new-user tryout's "Unit: EUR (EUR, scale 0)".
  assert.equal(unitText(eur), "EUR");
  await withBundle(germanBundle(), () => assert.equal(unitText({ ...eur }), "EUR"));
  assert.equal(unitText({ ...eur, scale: "3" }), "EUR (scale 3)");
  assert.equal(unitText({ ...eur, scale: undefined }), "EUR");
  assert.equal(unitText({ ...eur, label: undefined, id: "EUR" }), "EUR");
  // The example's "Shares (shares, scale 0)" (a second tryout): the same word in another case.
  assert.equal(unitText({ id: "shares", resolved: true, label: "Shares", measure: "shares", scale: "0" }), "Shares");
  assert.equal(unitText({ id: "employees", resolved: true, label: "Employees", measure: "employees", scale: "0" }), "Employees");
  // What says something stays: a measure other than the name, with its scale, even 0.
  assert.equal(unitText({ ...eur, label: "Euro" }), "Euro (EUR, scale 0)");
  assert.equal(unitText({ id: "krw-millions", resolved: true, label: "KRW millions", measure: "KRW", scale: "6" }), "KRW millions (KRW, scale 6)");
  await withBundle(germanBundle(), () => assert.equal(unitText({ ...eur, scale: "6" }), "EUR (Skala 6)"));
});
