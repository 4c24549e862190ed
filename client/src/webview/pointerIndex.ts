// The painted elements by JSON Pointer (every statement, period header, row and cell of the engine's
// fragment carries data-pointer), built once per paint so that following the cursor is a map lookup.

import { parentPointer } from "../../../shared/src/json/pointer";

export class PointerIndex {
  private readonly byPointer = new Map<string, HTMLElement>();
  /** Item rows in document order (also top-to-bottom on screen). */
  readonly rows: HTMLElement[] = [];

  constructor(root: HTMLElement) {
    for (const element of root.querySelectorAll<HTMLElement>("[data-pointer]")) {
      const pointer = element.dataset.pointer;
      if (pointer === undefined) continue;
      if (!this.byPointer.has(pointer)) this.byPointer.set(pointer, element);
      if (element.classList.contains("fs-row")) this.rows.push(element);
    }
  }

  /** The painted element for `pointer`, or for its nearest ancestor that is painted. */
  nearest(pointer: string): HTMLElement | undefined {
    for (let current = pointer; current !== ""; current = parentPointer(current)) {
      const element = this.byPointer.get(current);
      if (element !== undefined) return element;
    }
    return undefined;
  }

  /** The first row whose bottom edge is below `top` (viewport coordinates): the topmost visible row. */
  firstRowBelow(top: number): HTMLElement | undefined {
    let low = 0;
    let high = this.rows.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const row = this.rows[middle] as HTMLElement;
      if (row.getBoundingClientRect().bottom <= top) low = middle + 1;
      else high = middle;
    }
    return this.rows[low];
  }
}
