// --timeline on the cold opens: where the time from the Enter to the first code lens goes, by part.
// The extension host's side (the runner extension's hostMarks.js: when the document's text reached
// it, FS Documents' `fs/…` marks, VS Code's marks of activating FS Documents and VS Code's JSON)
// and the language client's message trace (the didOpen sent, the lens request and its answer), as
// ms from the Enter of each cold run, beside what the screen shows (text, problems, lens).

import type { Page } from "playwright-core";
import { waitForFile } from "../harness";
import { runCommand } from "../workbench";
import { rmSync } from "node:fs";
import type { TracedMessage } from "./trace";

export interface HostMarks {
  documents: { uri: string; at: number }[];
  marks: { name: string; at: number }[];
}

/** The extension host's marks and document arrivals so far (epoch ms), from the runner extension. */
export async function readHostMarks(page: Page, apiResultsFile: string): Promise<HostMarks> {
  const file = `${apiResultsFile}.marks.json`;
  rmSync(file, { force: true });
  await runCommand(page, "FS E2E: Read Host Marks");
  return JSON.parse(await waitForFile(file, 60_000)) as HostMarks;
}

const OURS = "/fs-documents.fs-documents";
const JSON_EXTENSION = "/vscode.json-language-features";

/**
 * The samples of one cold run, ms after `enteredAt` (epoch): `coldMark:<name>` for each mark (VS
 * Code's activation marks of FS Documents without its id, VS Code's JSON's as `json:<name>`), and
 * `coldMark:document` for when the document named `fileName` reached the extension host. Marks made
 * before the Enter (the window's own start) are left out.
 */
export function coldMarkSamples(marks: HostMarks, enteredAt: number, fileName: string): Map<string, number> {
  const samples = new Map<string, number>();
  const add = (key: string, at: number) => {
    if (at >= enteredAt && !samples.has(key)) samples.set(key, at - enteredAt);
  };
  for (const { uri, at } of marks.documents) if (decodeURIComponent(uri).endsWith(`/${fileName}`)) add("coldMark:document", at);
  for (const { name, at } of [...marks.marks].sort((a, b) => a.at - b.at)) {
    if (name.endsWith(OURS)) add(`coldMark:${name.slice(0, -OURS.length)}`, at);
    else if (name.endsWith(JSON_EXTENSION)) add(`coldMark:json:${name.slice(0, -JSON_EXTENSION.length)}`, at);
    else add(`coldMark:${name}`, at);
  }
  return samples;
}

/** The messages of the language client's trace that mark the cold open's parts (trace.ts's lines: "HH:MM:SS.mmm Sending request fs/codeLenses"). */
const TRACED: [key: string, line: RegExp][] = [
  ["coldTrace:initialize", / Received response initialize/],
  ["coldTrace:openAhead", / Sending request fs\/openAhead/],
  ["coldTrace:didOpen", / Sending notification textDocument\/didOpen/],
  ["coldTrace:codeLenses", / Sending request fs\/codeLenses/],
  ["coldTrace:codeLensesAnswered", / Received response fs\/codeLenses/],
];

/**
 * The first of each TRACED message after each Enter (epoch ms, in order) and before the next one,
 * as ms from that Enter: per key, the runs' values in order (none for a run without that message).
 */
export function tracedSamples(messages: readonly TracedMessage[], enters: readonly number[]): Map<string, number[]> {
  const samples = new Map<string, number[]>();
  enters.forEach((enteredAt, run) => {
    const until = enters[run + 1] ?? Number.POSITIVE_INFINITY;
    for (const [key, pattern] of TRACED) {
      const found = messages.find(({ at, line }) => at >= enteredAt && at < until && pattern.test(line));
      if (found === undefined) continue;
      samples.set(key, [...(samples.get(key) ?? []), found.at - enteredAt]);
    }
  });
  return samples;
}
