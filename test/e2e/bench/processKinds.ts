// Which of code-server's processes is which, by command line: the editor benchmark's CPU time per
// kind of process, and the two language servers whose memory it compares (ours and VS Code's own
// JSON language server, holding and validating the same document in the same window). No imports:
// the unit test reads it without the editor (test/project/benchProcesses.test.ts).

/** Our language server, as VS Code's client starts it from the installed extension. */
export const FS_SERVER_COMMAND = /fs-documents[^ ]*\/dist\/server\.js/;

/**
 * VS Code's JSON language server: the built-in json-language-features extension's
 * `server/dist/node/jsonServerMain`, which its client forks with `--node-ipc` (VS Code 1.100).
 */
export const JSON_SERVER_COMMAND = /\/json-language-features\/server\/dist\/node\/jsonServerMain(\.js)?( |$)/;

export function kindOf(command: string): string {
  if (FS_SERVER_COMMAND.test(command)) return "FS language server";
  if (JSON_SERVER_COMMAND.test(command)) return "built-in JSON language server";
  if (/--type=extensionHost/.test(command)) return "extension host";
  if (/--type=renderer/.test(command)) return "Chromium renderers (workbench, webviews)";
  if (/chrom/i.test(command)) return "Chromium (browser, GPU, network)";
  return "code-server (server, file watcher, pty host)";
}

export interface ProcessStart {
  pid: number;
  command: string;
  /** When the process started (/proc/<pid>/stat's starttime, clock ticks since boot). */
  started: number;
}

/**
 * VS Code's JSON language server among `processes`: the one started last, the one of the window now
 * shown (a reloaded window's old extension host may not have ended its server yet); undefined when
 * none runs (no JSON document opened yet, or the JSON extension turned off).
 */
export function jsonLanguageServer<T extends ProcessStart>(processes: readonly T[]): T | undefined {
  let found: T | undefined;
  for (const process of processes) {
    if (!JSON_SERVER_COMMAND.test(process.command) || FS_SERVER_COMMAND.test(process.command)) continue;
    if (found === undefined || process.started > found.started || (process.started === found.started && process.pid > found.pid)) found = process;
  }
  return found;
}
