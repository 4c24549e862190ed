// fs.peekLocations: the server's lenses pass LSP data (a URI string, a position, locations); VS
// Code's peek command wants editor types.

import * as vscode from "vscode";

interface LspPosition {
  line: number;
  character: number;
}

function asPosition(value: unknown): vscode.Position | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { line, character } = value as Partial<LspPosition>;
  if (typeof line !== "number" || typeof character !== "number" || line < 0 || character < 0) return undefined;
  return new vscode.Position(line, character);
}

function asRange(value: unknown): vscode.Range | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { start, end } = value as { start?: unknown; end?: unknown };
  const from = asPosition(start);
  const to = asPosition(end);
  return from === undefined || to === undefined ? undefined : new vscode.Range(from, to);
}

export function asLocation(value: unknown): vscode.Location | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { uri, range } = value as { uri?: unknown; range?: unknown };
  const where = asRange(range);
  if (typeof uri !== "string" || where === undefined) return undefined;
  return new vscode.Location(vscode.Uri.parse(uri), where);
}

export async function peekLocations(uri: unknown, position: unknown, locations: unknown): Promise<void> {
  const at = asPosition(position);
  if (typeof uri !== "string" || at === undefined || !Array.isArray(locations)) return;
  const targets = locations.map(asLocation).filter((location): location is vscode.Location => location !== undefined);
  await vscode.commands.executeCommand("editor.action.peekLocations", vscode.Uri.parse(uri), at, targets, "peek");
}
