// Go to definition, find references and rename for unit, period, statement and item ids. An id's
// occurrences come from the document model (definitions, references, values keys, rollupTo);
// items are statement-local, so an item id in another statement is another target.

import * as l10n from "@vscode/l10n";
import type { Node } from "jsonc-parser";
import { ErrorCodes, ResponseError, type Location, type Position, type Range, type TextEdit, type WorkspaceEdit } from "vscode-languageserver-protocol";
import { isIdentifier, sameTarget, statementAt, type DocumentModel, type Occurrence } from "../../../shared/src/index";
import type { DocumentAnalysis, ParsedVersion } from "../analysis";
import { contentRange, nodeRange, occurrenceAt, occurrenceNode } from "./nodes";

import { broken } from "./requests";

/** The id occurrence under the cursor in the current text; navigation needs the current parse. */
function find(analysis: DocumentAnalysis, position: Position): { good: ParsedVersion; occurrence: Occurrence; node: Node } | undefined {
  const good = analysis.parsed;
  if (good === undefined) return undefined;
  const at = occurrenceAt(good, analysis.document.offsetAt(position));
  return at === undefined ? undefined : { good, ...at };
}

export function definition(analysis: DocumentAnalysis, position: Position): Location[] | null {
  const found = find(analysis, position);
  if (found === undefined) return null;
  const { good, occurrence } = found;
  const locations = targets(good.model, occurrence)
    .filter((other) => other.isDefinition)
    .slice(0, 1)
    .flatMap((target) => locationOf(analysis, good, target));
  return locations.length > 0 ? locations : null;
}

export function references(analysis: DocumentAnalysis, position: Position, includeDeclaration: boolean): Location[] | null {
  const found = find(analysis, position);
  if (found === undefined) return null;
  const { good, occurrence } = found;
  return targets(good.model, occurrence)
    .filter((other) => includeDeclaration || !other.isDefinition)
    .flatMap((other) => locationOf(analysis, good, other));
}

export function prepareRename(analysis: DocumentAnalysis, position: Position): { range: Range; placeholder: string } | ResponseError<void> | null {
  if (analysis.parsed === undefined) return new ResponseError(ErrorCodes.InvalidRequest, broken());
  const found = find(analysis, position);
  if (found === undefined) return null;
  return { range: contentRange(analysis.document, found.node), placeholder: found.occurrence.id };
}

export function rename(analysis: DocumentAnalysis, position: Position, newName: string): WorkspaceEdit | ResponseError<void> {
  if (analysis.parsed === undefined) return new ResponseError(ErrorCodes.InvalidRequest, broken());
  const found = find(analysis, position);
  if (found === undefined) return new ResponseError(ErrorCodes.InvalidRequest, l10n.t("Only unit, period, statement and item ids can be renamed."));
  const { good, occurrence } = found;
  if (newName === occurrence.id) return { changes: {} };
  if (!isIdentifier(newName))
    return new ResponseError(
      ErrorCodes.InvalidParams,
      l10n.t('{0} is not an identifier: ids start with a letter and contain only letters, digits, ".", "_" and "-".', JSON.stringify(newName)),
    );
  const clash = definedElsewhere(good.model, occurrence, newName);
  if (clash !== undefined) return new ResponseError(ErrorCodes.InvalidParams, clash);
  // Snapshot application keys and cells are historical evidence: they record the ids as they
  // were when the snapshot was taken, so a rename never rewrites them (the model does not even
  // list them as occurrences).
  const edits: TextEdit[] = targets(good.model, occurrence).flatMap((other) => {
    const node = occurrenceNode(good, other);
    return node === undefined ? [] : [{ range: contentRange(analysis.document, node), newText: newName }];
  });
  return { changes: { [analysis.uri]: edits } };
}

function targets(model: DocumentModel, occurrence: Occurrence): Occurrence[] {
  return model.occurrences.filter((other) => sameTarget(occurrence, other));
}

function locationOf(analysis: DocumentAnalysis, good: ParsedVersion, occurrence: Occurrence): Location[] {
  const node = occurrenceNode(good, occurrence);
  return node === undefined ? [] : [{ uri: analysis.uri, range: nodeRange(analysis.document, node) }];
}

/** Why `newName` cannot be the new id: another definition of the same kind and scope has it. */
function definedElsewhere(model: DocumentModel, occurrence: Occurrence, newName: string): string | undefined {
  switch (occurrence.kind) {
    case "unit":
      return model.units.has(newName) ? l10n.t('A unit with the id "{0}" already exists; unit ids must be unique.', newName) : undefined;
    case "period":
      return model.periods.has(newName) ? l10n.t('A period with the id "{0}" already exists; period ids must be unique.', newName) : undefined;
    case "statement":
      return model.statementsById.has(newName) ? l10n.t('A statement with the id "{0}" already exists; statement ids must be unique.', newName) : undefined;
    case "item": {
      const statement = occurrence.statementIndex === undefined ? undefined : statementAt(model, occurrence.statementIndex);
      return statement?.itemsById.has(newName) === true
        ? l10n.t('An item with the id "{0}" already exists in this statement; item ids must be unique within a statement.', newName)
        : undefined;
    }
  }
}
