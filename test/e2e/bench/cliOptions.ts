// bench:editor's command line: the options it knows, and --help. A run takes minutes and starts
// code-server and a browser at once, so an option it does not know (a typo such as --shape, or
// --help) is refused before anything starts, instead of being ignored by a run of the defaults
// (every size and shape: tens of minutes beside whatever else the machine is measuring).

/** An option that takes the next argument as its value, and what it is for. */
const WITH_VALUE = new Map<string, string>([
  ["--sizes", "sizes in MB, comma-separated (default 1,5,20)"],
  ["--shapes", "document shapes, comma-separated: typical, failing, long, wide, deep, and combinations such as long+failing (default: all, and long+failing)"],
  [
    "--states",
    "cold, warm, first-webviews (the window reloaded 2 × runs times: ours and Markdown's first webview in turn, the document just opened), new-places, repeated, first-window, second-webviews (the same for the second webview), comma-separated (default: all but first-window in the Node host, and never second-webviews)",
  ],
  ["--runs", "runs per state (default 5); the tables give their medians and range"],
  ["--edits", "edits at new places per shape (default: the runs, at least 5)"],
  ["--host", "node (default) or web: the web-worker extension host, as vscode.dev runs it"],
  ["--memory-edits", "further edits before the memory's second reading (default 100; 0 skips it)"],
  ["--host-baseline", "first (default: the window without FS Documents once per size) or all (once per shape)"],
  ["--settings", "user settings as JSON over the bench's defaults, e.g. '{\"fs.codeLens.enabled\":false}'"],
]);

/** An option that stands alone, and what it does. */
const FLAGS = new Map<string, string>([
  ["--no-host-baseline", "no window without FS Documents (the extension host's heap share is not given)"],
  ["--without-extension", "the same runs without FS Documents"],
  ["--timeline", "the language client's message trace in each run's log; on the cold opens, the first lens split by part"],
  ["--trace", "code-server's trace log, tallied"],
  ["--profile", "CPU profiles of the editor's processes during the edits"],
  ["--attribute", "where the edits' time goes, with FS Documents and with VS Code's JSON only"],
  ["--server-heap-snapshots", "heap snapshots of the language server"],
  ["--no-cold-control", "the cold opens without their control (the same opens without FS Documents, an instant code lens provider: VS Code's floor)"],
  ["--cold-profile", "CPU profiles of the extension host and the workbench renderer over the last reloaded cold open"],
  ["--help", "this text"],
]);

/** Every option bench:editor reads from its command line. */
export function knownOptions(): ReadonlySet<string> {
  return new Set([...WITH_VALUE.keys(), ...FLAGS.keys()]);
}

/** What the command line asks for: a run, the usage text, or an error that names the bad argument. */
export type BenchCommandLine = { kind: "run" } | { kind: "help"; text: string } | { kind: "error"; text: string };

/** Reads bench:editor's arguments (without node and the script): only known options, each value where one is due. */
export function readBenchCommandLine(args: readonly string[]): BenchCommandLine {
  if (args.includes("--help") || args.includes("-h")) return { kind: "help", text: usage() };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (WITH_VALUE.has(arg)) {
      const value = args[index + 1];
      if (value === undefined || value.startsWith("--")) return { kind: "error", text: `${arg} needs a value (${WITH_VALUE.get(arg)})\n\n${usage()}` };
      index += 1;
    } else if (!FLAGS.has(arg)) return { kind: "error", text: `unknown argument "${arg}"\n\n${usage()}` };
  }
  return { kind: "run" };
}

function usage(): string {
  const width = Math.max(...[...WITH_VALUE.keys()].map((name) => name.length + 8), ...[...FLAGS.keys()].map((name) => name.length));
  const lines = [
    ...[...WITH_VALUE].map(([name, what]) => `  ${`${name} <value>`.padEnd(width)}  ${what}`),
    ...[...FLAGS].map(([name, what]) => `  ${name.padEnd(width)}  ${what}`),
  ];
  return [
    "npm run bench:editor -- [options]: FS Documents in the real editor (code-server, Chromium) on generated documents,",
    'from the key to what the screen shows (docs/performance.md, "Reproduce every row").',
    "",
    ...lines,
    "",
    "One row, short: npm run bench:editor -- --sizes 5 --shapes wide --states new-places --runs 5 --no-host-baseline --memory-edits 0",
  ].join("\n");
}
