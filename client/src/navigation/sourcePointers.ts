// JSON Pointer ↔ source position for open documents, for the two-way navigation between the editor
// and the preview. Answered by the language server from its analysis of that document version (it
// already holds the parse tree), so the extension host never parses a multi-megabyte document.
// An answer for a version that is no longer the document's is undefined: the caller skips it.

import * as vscode from "vscode";
import type { FsServer } from "../server/fsServer";

export class SourcePointers {
  constructor(private readonly server: FsServer) {}

  /** The source of `pointer`: its value, or where it is missing (the key of the object that lacks it). */
  async rangeOf(document: vscode.TextDocument, pointer: string): Promise<vscode.Range | undefined> {
    const version = document.version;
    const found = await this.server.rangeOf(document, pointer).catch(() => null);
    if (found === null || document.version !== version) return undefined;
    return new vscode.Range(document.positionAt(found.offset), document.positionAt(found.offset + found.length));
  }

  /** The pointer of the innermost JSON value (or member name) at `position`; "" at the top level. */
  async pointerAt(document: vscode.TextDocument, position: vscode.Position): Promise<string | undefined> {
    const version = document.version;
    const found = await this.server.pointerAt(document, document.offsetAt(position)).catch(() => null);
    if (found === null || document.version !== version) return undefined;
    return found;
  }
}
