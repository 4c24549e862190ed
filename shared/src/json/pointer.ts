// JSON Pointers (RFC 6901) and the order in which errors are listed.

export type Segment = string | number;

export function escapeSegment(segment: Segment): string {
  const text = String(segment);
  return text.includes("~") || text.includes("/") ? text.replace(/~/g, "~0").replace(/\//g, "~1") : text;
}

/**
 * Joined, not concatenated: `+=` would make a tree of string pieces (a V8 cons string, 32 bytes a
 * node) that every kept pointer, one per preview cell of a large document, would carry.
 */
export function pointer(...segments: Segment[]): string {
  if (segments.length === 0) return "";
  const parts = [""];
  for (const segment of segments) parts.push(escapeSegment(segment));
  return parts.join("/");
}

export function appendPointer(base: string, ...segments: Segment[]): string {
  return base + pointer(...segments);
}

export function parsePointer(path: string): string[] {
  if (path === "") return [];
  return path
    .slice(1)
    .split("/")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function parentPointer(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash <= 0 ? "" : path.slice(0, slash);
}

export function lastSegment(path: string): string {
  const segments = parsePointer(path);
  return segments[segments.length - 1] ?? "";
}

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

/** Whether a segment is an array index as JSON Pointer writes one ("0", "12"; not "01" or "-1"). */
export function isArrayIndex(segment: string): boolean {
  return ARRAY_INDEX.test(segment);
}

// Segment-wise, so that a parent sorts before its members, and array indices numerically, so that
// /items/2 sorts before /items/10: errors then read in document order. Index strings are compared
// by length first, which orders them numerically without converting them to numbers.
function compareSegments(left: string, right: string): number {
  const leftIndex = ARRAY_INDEX.test(left);
  const rightIndex = ARRAY_INDEX.test(right);
  if (leftIndex && rightIndex && left.length !== right.length) return left.length - right.length;
  if (leftIndex !== rightIndex) return leftIndex ? -1 : 1;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function comparePointers(left: string, right: string): number {
  if (left === right) return 0;
  const a = parsePointer(left);
  const b = parsePointer(right);
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    const order = compareSegments(a[i] as string, b[i] as string);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}
