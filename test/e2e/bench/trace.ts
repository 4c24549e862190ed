// --profile: the JSON-RPC messages between the extension and its language server for one open and
// one edit, counted and sized from vscode-languageclient's verbose trace ("fs.trace.server"), which
// VS Code writes to the "FS Documents" output log. Sizes are of the params/result re-serialised
// compactly, as they cross the wire.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export interface MessageTally {
  count: number;
  bytes: number;
  largest: number;
}

/** The FS Documents output logs under `dir`. */
export function findLogs(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findLogs(path, found);
    else if (/FS Documents(\.\d+)?\.log$/.test(name)) found.push(path);
  }
  return found;
}

const HEADER = /(?:\[Trace - [^\]]+\] )?(Sending|Received) (request|notification|response) '([^']+?)(?: - \(\d+\))?'/;

/**
 * Message counts and bytes by direction and method, from the output logs under `userDataDir`; with
 * `since`, only what each log gained after the byte offset given for it.
 */
export function tallyTrace(userDataDir: string, since?: ReadonlyMap<string, number>): Map<string, MessageTally> {
  const tally = new Map<string, MessageTally>();
  for (const file of findLogs(userDataDir)) {
    const lines = readFileSync(file)
      .subarray(since?.get(file) ?? 0)
      .toString("utf8")
      .split("\n");
    for (let index = 0; index < lines.length; index++) {
      const match = HEADER.exec(lines[index]!);
      if (match === null) continue;
      const [, direction, kind, method] = match;
      // The payload follows as "Params: …" or "Result: …" up to the next blank line.
      let payload = "";
      let next = index + 1;
      if (/^(Params|Result): /.test(lines[next] ?? "")) {
        const body = [lines[next]!.replace(/^(Params|Result): /, "")];
        for (next++; next < lines.length && lines[next] !== "" && !HEADER.test(lines[next]!); next++) body.push(lines[next]!);
        payload = body.join("\n");
      }
      let bytes = Buffer.byteLength(payload);
      try {
        bytes = Buffer.byteLength(JSON.stringify(JSON.parse(payload)));
      } catch {
        // not JSON (e.g. "No result returned."): its length as logged
      }
      const key = `${direction === "Sending" ? "client → server" : "server → client"} ${kind} ${method}`;
      const entry = tally.get(key) ?? { count: 0, bytes: 0, largest: 0 };
      entry.count++;
      entry.bytes += bytes;
      entry.largest = Math.max(entry.largest, bytes);
      tally.set(key, entry);
      index = next - 1;
    }
  }
  return tally;
}

export function formatTally(tally: Map<string, MessageTally>): string {
  const rows = [...tally].sort((a, b) => b[1].bytes - a[1].bytes);
  const width = Math.max(10, ...rows.map(([key]) => key.length));
  return [
    `${"message".padEnd(width)} | count |      bytes |    largest`,
    ...rows.map(
      ([key, { count, bytes, largest }]) =>
        `${key.padEnd(width)} | ${String(count).padStart(5)} | ${bytes.toLocaleString("en").padStart(10)} | ${largest.toLocaleString("en").padStart(10)}`,
    ),
  ].join("\n");
}

/** One message of the language client's trace: when the log wrote it (epoch ms) and what it was. */
export interface TracedMessage {
  at: number;
  /** "HH:MM:SS.mmm Sending request fs/codeLenses" (and the client's "in N ms" for a response). */
  line: string;
}

/**
 * Every message between the extension and its language server in the output logs under
 * `userDataDir`, in the order written, with the log's millisecond timestamp (local time, as the
 * log writes it and as this machine's clock reads it).
 */
export function tracedMessages(userDataDir: string): TracedMessage[] {
  const messages: TracedMessage[] = [];
  for (const file of findLogs(userDataDir)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const stamp = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d{3})/.exec(line);
      const match = HEADER.exec(line);
      if (stamp === null || match === null) continue;
      messages.push({ at: Date.parse(`${stamp[1]}T${stamp[2]}`), line: `${stamp[2]} ${match[1]} ${match[2]} ${match[3]}${/in (\d+ms)/.exec(line)?.[0] ?? ""}` });
    }
  }
  return messages.sort((a, b) => a.at - b.at);
}

/**
 * --timeline: every message between the extension and its language server with the log's
 * millisecond timestamp ("messages" trace, no payloads, so the trace costs little), to see where an
 * open or an edit waits.
 */
export function messageTimeline(userDataDir: string): string {
  return tracedMessages(userDataDir)
    .map(({ line }) => line)
    .join("\n");
}
