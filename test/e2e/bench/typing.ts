// The editor bench's typing row: a phrase typed into an item's label, key by key at a typist's pace,
// in sessions (one per run), each key's latency from its event to the next painted frame
// (probes.ts). The row is the median of every key; each session's median is kept too, for the
// spread between sessions, which one session of 27 keys cannot show.

import { median } from "./report";

/** What the typing run types: 27 keys. */
export const TYPED_PHRASE = " quarterly figures restated";

/** A typist's pace between keys. */
export const TYPING_DELAY_MS = 120;

/** The JSON Pointer of the item (its preview row) a value cell's pointer is in: /statements/s/items/i. */
export function itemPointer(cellPointer: string): string {
  const segments = cellPointer.split("/");
  if (segments.length < 5 || segments[1] !== "statements" || segments[3] !== "items") throw new Error(`not an item's cell: ${cellPointer}`);
  return segments.slice(0, 5).join("/");
}

/** Adds one session's key latencies: every key to `keyLag`, the session's median to `keyLagSessions`. */
export function recordTypingSession(samples: Record<string, number[]>, keyLags: readonly number[]): void {
  if (keyLags.length === 0) return;
  (samples.keyLag ??= []).push(...keyLags);
  (samples.keyLagSessions ??= []).push(median(keyLags));
}
