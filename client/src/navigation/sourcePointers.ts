// JSON Pointer ↔ source position for open documents, for the two-way navigation between the editor
// and the preview. One parse tree per document version, built on first use: moving the cursor or
// scrolling then costs a tree walk, not a rescan of the text from its start.

import { findNodeAtOffset, getNodePath } from "jsonc-parser";
import * as vscode from "vscode";
import { pointer as pointerOf } from "../../../shared/src/json/pointer";
import { SourceLocator } from "../../../shared/src/json/locate";

export class SourcePointers {
  private readonly locators = new WeakMap<vscode.TextDocument, { version: number; locator: SourceLocator }>();

  private locator(document: vscode.TextDocument): SourceLocator {
    const cached = this.locators.get(document);
    if (cached !== undefined && cached.version === document.version) return cached.locator;
    const locator = new SourceLocator(document.getText());
    this.locators.set(document, { version: document.version, locator });
    return locator;
  }

  /** The source of `pointer`: its value, or where it is missing (the key of the object that lacks it). */
  rangeOf(document: vscode.TextDocument, pointer: string): vscode.Range {
    const { offset, length } = this.locator(document).locate(pointer, "value");
    return new vscode.Range(document.positionAt(offset), document.positionAt(offset + length));
  }

  /** The pointer of the innermost JSON value (or member name) at `position`; "" at the top level. */
  pointerAt(document: vscode.TextDocument, position: vscode.Position): string {
    const tree = this.locator(document).tree();
    if (tree === undefined) return "";
    const node = findNodeAtOffset(tree, document.offsetAt(position), true);
    return node === undefined ? "" : pointerOf(...getNodePath(node));
  }
}
