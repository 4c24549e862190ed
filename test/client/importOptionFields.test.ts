// The import options the editor offers (client/src/commands/importOptionFields.ts): one field per
// option of `fsdoc import`, each answer a value the server accepts and the import honours, typed
// values checked as the CLI checks them, and an empty answer back to "as the file says".

import assert from "node:assert/strict";
import { test } from "node:test";
import { bytesToBase64 } from "../../protocol/base64";
import * as service from "../../server/src/service/index";
import { describeOptions, describeValue, importOptionFields, withOption, type ImportOptionKey } from "../../client/src/commands/importOptionFields";
import type { ImportOptions } from "../../shared/src/import/options";

// Every option of ImportOptions, and nothing else (a new option fails to compile here until listed).
const EVERY_OPTION: Record<ImportOptionKey, true> = { kind: true, yearEnd: true, measure: true, scale: true, locale: true, entity: true, scope: true, rollups: true };

const csv = 'Northwind Ltd\nIncome statement (EUR thousands)\n,2025\nRevenue,"1.234,5"\nCosts,"(234,5)"\nProfit,"1.000"\n';

interface Imported {
  entity: { name: string };
  scope: { label: string };
  units: { measure: string; scale: number }[];
  periods: { kind: string; end?: string; date?: string }[];
  statements: { items: { id: string; values: Record<string, string>; rollupTo?: string }[] }[];
}

async function importWith(options: ImportOptions): Promise<Imported> {
  const result = await service.importFile({ name: "income.csv", base64: bytesToBase64(new TextEncoder().encode(csv)), options: { ...options } });
  assert.equal(result.problem, undefined);
  return JSON.parse(result.text as string) as Imported;
}

test("one field per option, each with a label; a choice list starts with 'as the file says' (undefined)", () => {
  const fields = importOptionFields();
  assert.deepEqual(fields.map((field) => field.key).sort(), Object.keys(EVERY_OPTION).sort());
  for (const field of fields) {
    assert.ok(field.label.length > 0);
    assert.ok((field.choices === undefined) !== (field.input === undefined), `${field.key}: choices or an input box`);
    if (field.choices !== undefined) assert.equal(field.choices[0]?.value, undefined, `${field.key}'s first choice leaves the guess`);
  }
});

test("every choice the list offers is a value the server accepts and the import honours", async () => {
  const fields = new Map(importOptionFields().map((field) => [field.key, field]));
  const choose = (key: ImportOptionKey, value: string | number) => {
    const choice = fields.get(key)?.choices?.find((candidate) => candidate.value === value);
    assert.ok(choice !== undefined, `${key} offers ${value}`);
    return choice.value;
  };
  let options: ImportOptions = {};
  options = withOption(options, "kind", choose("kind", "instant"));
  options = withOption(options, "scale", choose("scale", 6));
  options = withOption(options, "locale", choose("locale", "comma"));
  options = withOption(options, "rollups", choose("rollups", "sums"));
  options = withOption(options, "measure", " USD ");
  options = withOption(options, "yearEnd", "03-31");
  options = withOption(options, "entity", "Contoso AG");
  options = withOption(options, "scope", "Group");
  const imported = await importWith(options);
  assert.deepEqual([imported.units[0]?.measure, imported.units[0]?.scale], ["USD", 6]);
  assert.deepEqual(
    imported.periods.map((period) => [period.kind, period.date ?? period.end]),
    [["instant", "2025-03-31"]],
  );
  assert.deepEqual([imported.entity.name, imported.scope.label], ["Contoso AG", "Group"]);
  const items = imported.statements[0]!.items;
  assert.deepEqual(
    items.map((item) => [item.id, Object.values(item.values)[0], item.rollupTo]),
    [
      ["revenue", "1234.5", "profit"],
      ["costs", "-234.5", "profit"],
      ["profit", "1000", undefined],
    ],
  );
  for (const [key, field] of fields)
    for (const choice of field.choices ?? []) {
      const set = withOption({}, key, choice.value);
      assert.equal(set[key], choice.value);
      await importWith(set);
    }
  // The other choices change the result too: durations, and no subtotals.
  const durations = await importWith({ kind: "duration", rollups: "none" });
  assert.equal(durations.periods[0]?.kind, "duration");
  assert.ok(durations.statements[0]!.items.every((item) => item.rollupTo === undefined));
});

test("typed values are checked as the CLI checks them; an empty answer goes back to the file's", () => {
  const yearEnd = importOptionFields().find((field) => field.key === "yearEnd")!.input!;
  assert.equal(yearEnd.validate("03-31"), undefined);
  assert.equal(yearEnd.validate(""), undefined);
  for (const bad of ["02-30", "13-01", "31.12.", "March"]) assert.equal(typeof yearEnd.validate(bad), "string", bad);
  const set = withOption({ entity: "A" }, "measure", "EUR");
  assert.deepEqual(withOption(set, "measure", "  "), { entity: "A" });
  assert.deepEqual(withOption(set, "entity", undefined), { measure: "EUR" });
});

test("the list's words: the chosen value's label, the typed text, or the file's", () => {
  const fields = new Map(importOptionFields().map((field) => [field.key, field]));
  assert.equal(describeValue(fields.get("scale")!, { scale: 3 }), "Thousands");
  assert.equal(describeValue(fields.get("scale")!, {}), "As the file says");
  assert.equal(describeValue(fields.get("rollups")!, {}), "From formulas");
  assert.equal(describeValue(fields.get("entity")!, { entity: "Contoso AG" }), "Contoso AG");
  assert.equal(describeValue(fields.get("entity")!, {}), "As the file says");
  // One list, one way of writing: every unset field reads as the choice lists' first line does.
  for (const field of fields.values()) {
    const unset = describeValue(field, {});
    assert.equal(unset[0], unset[0]!.toUpperCase(), `${field.key}: "${unset}"`);
  }
  assert.equal(describeOptions({}), undefined);
  assert.equal(describeOptions({ kind: "instant", entity: "Contoso AG" }), "Periods: Instants · Entity name: Contoso AG");
});
