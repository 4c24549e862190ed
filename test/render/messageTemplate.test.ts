// A message looked up once and filled for many values (the preview model's check titles) says what
// l10n.t says for those values, in any language: placeholders moved, repeated or left out by a
// translation, values that look like placeholders or marks. And the titles of a generated
// document's checks, in English and German, are l10n.t's message followed by the amounts' unit.

import assert from "node:assert/strict";
import { test } from "node:test";
import * as l10n from "@vscode/l10n";
import { fillTemplate, messageTemplate } from "../../shared/src/render/messageTemplate";
import { describeRollup } from "../../shared/src/render/html";
import { buildPresentation } from "../../shared/src/render/index";
import { analyze } from "../../shared/src/result";
import { scaleTextInWords } from "../../shared/src/model/names";
import { groupDigits } from "../../shared/src/render/format";
import { germanBundle, withBundle } from "../support/germanBundle";
import { readText, repoRoot } from "../support/paths";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const MESSAGE = "Checked {0} against {1}, off by {2}";
const values = ["1,234.5", "{1}", "\u00001\u0000"];
const filled = (): string =>
  fillTemplate(
    messageTemplate(3, (...marks) => l10n.t(MESSAGE, ...marks)),
    values,
    " (EUR)",
  );

test("a message template filled says what l10n.t says, whatever the translation does with the placeholders", async () => {
  assert.equal(filled(), `${l10n.t(MESSAGE, ...values)} (EUR)`);
  for (const translation of ["{2} weg: {1} gegen {0}", "{0} und {0} wieder, {2}", "ohne Platzhalter", "{0}{1}{2}", "{5} bleibt {0}"]) {
    await withBundle({ [MESSAGE]: translation }, () => assert.equal(filled(), `${l10n.t(MESSAGE, ...values)} (EUR)`, translation));
  }
  assert.equal(
    fillTemplate(
      messageTemplate(0, () => ""),
      [],
    ),
    "",
  );
});

test("every check's title of a generated document is l10n.t's message and its unit, in English and in German", async () => {
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number; shape?: string }): string;
  };
  const document = JSON.parse(generator.generateDocument({ targetBytes: 150_000, seed: 3, shape: "failing" })) as unknown;
  const result = analyze(document).result;
  const check = (): number => {
    // A presentation is described in the language it is made in (the server sets its language once).
    const presentation = buildPresentation(document, result);
    let checked = 0;
    for (const statement of presentation.statements) {
      for (const row of statement.rows) {
        for (const cell of row.cells) {
          const application = cell.rollup;
          if (application === undefined || application.status === "error") continue;
          const unit = row.unit ?? statement.unit;
          const words =
            unit === undefined || !unit.resolved
              ? ""
              : [unit.measure, unit.scale === undefined ? undefined : scaleTextInWords(unit.scale)].filter((part) => part !== undefined).join(" ");
          const figures = [application.expected, application.actual, application.difference, application.tolerance].map(groupDigits);
          const message =
            application.status === "satisfied"
              ? l10n.t("Rollup check satisfied: expected {0} (sum of direct children), actual {1}, difference {2}, tolerance {3}", ...figures)
              : l10n.t("Rollup check not satisfied: expected {0} (sum of direct children), actual {1}, difference {2}, tolerance {3}", ...figures);
          assert.equal(describeRollup(statement, application).title, words === "" ? message : `${message} (${words})`);
          checked++;
        }
      }
    }
    return checked;
  };
  const english = check();
  assert.ok(english > 100, `${english} checks`);
  assert.equal(await withBundle(germanBundle(), check), english);
  assert.ok(readText(join(repoRoot, "l10n", "bundle.l10n.de.json")).includes("Summenprüfung erfüllt"));
});
