// The JSON Pointer of the deepest object or array that is open at a text offset: where a syntax
// error happened, as data ("/statements/0/items/3"), for text that has no parse tree to locate in.
// One scan with jsonc-parser's visitor, stopped at the offset.

import { visit } from "jsonc-parser";
import { pointer } from "../json/pointer";

interface Open {
  segment: string | undefined;
  kind: "object" | "array";
  /** object: the member name last read; array: the index of the next element. */
  key: string | undefined;
  index: number;
}

const STOP = Symbol("stop");

export function containerPathAt(text: string, offset: number): string {
  const stack: Open[] = [];
  const segmentForChild = (): string | undefined => {
    const parent = stack[stack.length - 1];
    if (parent === undefined) return undefined;
    return parent.kind === "object" ? parent.key : String(parent.index);
  };
  const valueSeen = () => {
    const parent = stack[stack.length - 1];
    if (parent?.kind === "array") parent.index++;
  };
  const check = (at: number) => {
    if (at >= offset) throw STOP;
  };
  try {
    visit(
      text,
      {
        onObjectBegin: (at) => {
          check(at);
          stack.push({ segment: segmentForChild(), kind: "object", key: undefined, index: 0 });
        },
        onArrayBegin: (at) => {
          check(at);
          stack.push({ segment: segmentForChild(), kind: "array", key: undefined, index: 0 });
        },
        onObjectEnd: (at) => {
          check(at);
          stack.pop();
          valueSeen();
        },
        onArrayEnd: (at) => {
          check(at);
          stack.pop();
          valueSeen();
        },
        onObjectProperty: (name, at) => {
          check(at);
          const top = stack[stack.length - 1];
          if (top !== undefined) top.key = name;
        },
        onLiteralValue: (_value, at) => {
          check(at);
          valueSeen();
        },
      },
      { disallowComments: true, allowTrailingComma: false },
    );
  } catch (error) {
    if (error !== STOP) throw error;
  }
  // stack[0] is the top-level value, which has no segment.
  return pointer(...stack.slice(1).map((open) => open.segment ?? ""));
}
