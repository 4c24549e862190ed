// The json.schemas entries that register the FS schema URLs for VS Code's JSON (client/src/json/):
// added once, removed when not wanted, and the user's own entries never touched.

import assert from "node:assert/strict";
import { test } from "node:test";
import { EDITOR_SCHEMA_COMMENT, FS_SCHEMA_URLS, updatedSchemaSettings } from "../../client/src/json/schemaSettings";

const ours = FS_SCHEMA_URLS.map((url) => ({ url, schema: { $comment: EDITOR_SCHEMA_COMMENT } }));
const users = { fileMatch: ["/tsconfig.json"], url: "https://json.schemastore.org/tsconfig" };

test("the published 0.2 URL is among those registered", () => {
  assert.ok(FS_SCHEMA_URLS.includes("https://cpaikr.github.io/fs/schema/0.2/fs-document.schema.json"));
});

test("wanted: our entries are added after the user's, once; a second run changes nothing", () => {
  const next = updatedSchemaSettings([users], true);
  assert.deepEqual(next, [users, ...ours]);
  assert.equal(updatedSchemaSettings(next!, true), undefined);
});

test("not wanted: only our entries are removed", () => {
  assert.deepEqual(updatedSchemaSettings([users, ...ours], false), [users]);
  assert.equal(updatedSchemaSettings([users], false), undefined);
  assert.equal(updatedSchemaSettings([], false), undefined);
});

test("an entry the user wrote for an FS URL is kept, and ours is not added beside it", () => {
  const mine = { url: FS_SCHEMA_URLS[0], fileMatch: ["*.fs.json"] };
  assert.deepEqual(updatedSchemaSettings([mine], true), [mine, ...ours.slice(1)]);
  assert.deepEqual(updatedSchemaSettings([mine, ...ours.slice(1)], false), [mine]);
});

test("an entry like ours but changed by the user is theirs", () => {
  const edited = { url: FS_SCHEMA_URLS[0], schema: { $comment: EDITOR_SCHEMA_COMMENT, type: "object" } };
  assert.deepEqual(updatedSchemaSettings([edited], false), undefined);
});

test("junk in the setting is kept as it is", () => {
  const junk = [null, 3, "text", { url: 5 }];
  assert.deepEqual(updatedSchemaSettings(junk, true), [...junk, ...ours]);
});
