// Go to definition, find references and rename for unit, period, statement and item ids. An id's
// occurrences come from the document model (definitions, references, values keys, rollupTo);
// items are statement-local, so an item id in another statement is another target.

import {
  ErrorCodes,
  ResponseError,
  type Location,
  type PrepareRenameParams,
  type Range,
  type ReferenceParams,
  type RenameParams,
  type ServerCapabilities,
  type TextDocumentPositionParams,
  type TextEdit,
  type WorkspaceEdit,
} from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { sameTarget, type DocumentModel, type Occurrence } from "../../../shared/src/index";
import type { GoodAnalysis } from "../analysis";
import type { ServerContext } from "../context";
import { contentRange, nodeRange, occurrenceAt, occurrenceNode } from "./nodes";

export const navigationCapabilities: ServerCapabilities = {
  definitionProvider: true,
  referencesProvider: true,
  renameProvider: { prepareProvider: true },
};

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9._-]*$/;
const BROKEN = "The text is not valid JSON; fix the syntax errors first.";

export function registerNavigation(context: ServerContext): void {
  const { connection } = context;

  connection.onDefinition(
    context.guard<TextDocumentPositionParams, Location[] | null>("definition", null, (params) => {
      const found = find(context, params);
      if (found === undefined) return null;
      const { good, document, occurrence } = found;
      const locations = targets(good.model, occurrence)
        .filter((other) => other.isDefinition)
        .slice(0, 1)
        .flatMap((definition) => locationOf(good, document, definition));
      return locations.length > 0 ? locations : null;
    }),
  );

  connection.onReferences(
    context.guard<ReferenceParams, Location[] | null>("references", null, (params) => {
      const found = find(context, params);
      if (found === undefined) return null;
      const { good, document, occurrence } = found;
      return targets(good.model, occurrence)
        .filter((other) => params.context.includeDeclaration || !other.isDefinition)
        .flatMap((other) => locationOf(good, document, other));
    }),
  );

  connection.onPrepareRename(
    context.guard<PrepareRenameParams, { range: Range; placeholder: string } | ResponseError<void> | null>("prepareRename", null, (params) => {
      const open = context.store.current(params.textDocument.uri);
      if (open === undefined) return null;
      const good = currentGood(open.state);
      if (good === undefined) return new ResponseError(ErrorCodes.InvalidRequest, BROKEN);
      const at = occurrenceAt(good, open.document.offsetAt(params.position));
      if (at === undefined) return null;
      return { range: contentRange(open.document, at.node), placeholder: at.occurrence.id };
    }),
  );

  connection.onRenameRequest(
    context.guard<RenameParams, WorkspaceEdit | ResponseError<void> | null>("rename", null, (params) => {
      const open = context.store.current(params.textDocument.uri);
      if (open === undefined) return null;
      const good = currentGood(open.state);
      if (good === undefined) return new ResponseError(ErrorCodes.InvalidRequest, BROKEN);
      const at = occurrenceAt(good, open.document.offsetAt(params.position));
      if (at === undefined) return new ResponseError(ErrorCodes.InvalidRequest, "Only unit, period, statement and item ids can be renamed.");
      const { occurrence } = at;
      const newName = params.newName;
      if (newName === occurrence.id) return { changes: {} };
      if (!IDENTIFIER.test(newName)) {
        return new ResponseError(
          ErrorCodes.InvalidParams,
          `${JSON.stringify(newName)} is not an identifier: ids start with a letter and contain only letters, digits, ".", "_" and "-".`,
        );
      }
      const clash = definedElsewhere(good.model, occurrence, newName);
      if (clash !== undefined) return new ResponseError(ErrorCodes.InvalidParams, clash);
      // Snapshot application keys and cells are historical evidence: they record the ids as they
      // were when the snapshot was taken, so a rename never rewrites them (the model does not even
      // list them as occurrences).
      const edits: TextEdit[] = targets(good.model, occurrence).flatMap((other) => {
        const node = occurrenceNode(good, other);
        return node === undefined ? [] : [{ range: contentRange(open.document, node), newText: newName }];
      });
      return { changes: { [params.textDocument.uri]: edits } };
    }),
  );
}

function currentGood(state: { current: boolean; good: GoodAnalysis | undefined }): GoodAnalysis | undefined {
  return state.current ? state.good : undefined;
}

function find(context: ServerContext, params: TextDocumentPositionParams): { good: GoodAnalysis; document: TextDocument; occurrence: Occurrence } | undefined {
  const open = context.store.current(params.textDocument.uri);
  if (open === undefined) return undefined;
  const good = currentGood(open.state);
  if (good === undefined) return undefined;
  const at = occurrenceAt(good, open.document.offsetAt(params.position));
  return at === undefined ? undefined : { good, document: open.document, occurrence: at.occurrence };
}

function targets(model: DocumentModel, occurrence: Occurrence): Occurrence[] {
  return model.occurrences.filter((other) => sameTarget(occurrence, other));
}

function locationOf(good: GoodAnalysis, document: TextDocument, occurrence: Occurrence): Location[] {
  const node = occurrenceNode(good, occurrence);
  return node === undefined ? [] : [{ uri: document.uri, range: nodeRange(document, node) }];
}

/** Why `newName` cannot be the new id: another definition of the same kind and scope has it. */
function definedElsewhere(model: DocumentModel, occurrence: Occurrence, newName: string): string | undefined {
  switch (occurrence.kind) {
    case "unit":
      return model.units.has(newName) ? `A unit with the id "${newName}" already exists; unit ids must be unique.` : undefined;
    case "period":
      return model.periods.has(newName) ? `A period with the id "${newName}" already exists; period ids must be unique.` : undefined;
    case "statement":
      return model.statementsById.has(newName) ? `A statement with the id "${newName}" already exists; statement ids must be unique.` : undefined;
    case "item": {
      const statement = model.statements.find((entry) => entry.index === occurrence.statementIndex);
      return statement?.itemsById.has(newName) === true
        ? `An item with the id "${newName}" already exists in this statement; item ids must be unique within a statement.`
        : undefined;
    }
  }
}
