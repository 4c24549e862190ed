// A good server by default: `fsdoc-language-server --stdio`, started by any client (Neovim, Helix,
// Emacs, a plain `node dist/server.js --stdio`), runs with the Node options and environment its
// memory needs (protocol/serverProcess.ts). V8 reads its heap flags and glibc its malloc variables
// only when a process starts, so a process started without them runs the server in a child
// started with them: once (the child is marked), with the same stdin, stdout and stderr (the child
// inherits the descriptors: nothing passes through this process, which prints nothing), the
// client's signals passed on, and the child's exit code or signal as its own.
//
// Not re-executed: a process that has them already (VS Code's client passes them), `--node-ipc`
// (an IPC channel is this process's own; VS Code's client uses it and passes them), and a process
// marked by FSDOC_SERVER_RELAUNCHED (the child itself, or a user who wants one process as started).

import { spawn } from "node:child_process";
import { SERVER_ENV, SERVER_NODE_OPTIONS } from "../../protocol/serverProcess";

/** Set in the child's environment; set by hand, it keeps the server in the process started. */
export const RELAUNCHED_ENV = "FSDOC_SERVER_RELAUNCHED";

/** Signals a client (or a terminal, or a supervisor) sends to stop the server. */
const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = ["SIGTERM", "SIGINT", "SIGHUP"];

/** The name of a Node/V8 option, as V8 compares them (`--max_semi_space_size` is `--max-semi-space-size`). */
function optionName(option: string): string {
  return option.split("=")[0]!.replace(/_/g, "-");
}

export interface ProcessSettings {
  readonly execArgv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
}

/**
 * What the process lacks of the server's settings: Node options (neither among its own nor in
 * NODE_OPTIONS; a value of the user's own counts) and environment variables (glibc's, on Linux);
 * undefined when it lacks nothing.
 */
export function missingSettings({ execArgv, env, platform }: ProcessSettings): { execArgv: string[]; env: Record<string, string> } | undefined {
  const given = new Set([...execArgv, ...(env.NODE_OPTIONS ?? "").split(/\s+/)].filter((arg) => arg.startsWith("--")).map(optionName));
  const options = SERVER_NODE_OPTIONS.filter((option) => !given.has(optionName(option)));
  const variables = platform === "linux" ? Object.entries(SERVER_ENV).filter(([name]) => env[name] === undefined) : [];
  if (options.length === 0 && variables.length === 0) return undefined;
  return { execArgv: options, env: Object.fromEntries(variables) };
}

/** Whether this process should run the server in a child started with the settings it lacks. */
export function shouldRelaunch(argv: readonly string[], settings: ProcessSettings): boolean {
  if (settings.env[RELAUNCHED_ENV] !== undefined) return false;
  if (argv.includes("--node-ipc")) return false;
  return missingSettings(settings) !== undefined;
}

/**
 * Runs the server in a child process with the settings this one lacks, and resolves true once it
 * runs (this process then only waits for it and exits as it does); resolves false when it should
 * not (shouldRelaunch) or could not (then the server runs here, as before).
 */
export function relaunchWithSettings(): Promise<boolean> {
  const settings: ProcessSettings = { execArgv: process.execArgv, env: process.env, platform: process.platform };
  const missing = missingSettings(settings);
  const script = process.argv[1];
  if (script === undefined || missing === undefined || !shouldRelaunch(process.argv.slice(2), settings)) return Promise.resolve(false);
  const child = spawn(process.execPath, [...process.execArgv, ...missing.execArgv, script, ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, ...missing.env, [RELAUNCHED_ENV]: "1" },
  });
  return new Promise((resolve) => {
    child.once("error", () => resolve(false));
    child.once("spawn", () => {
      const forward = (signal: NodeJS.Signals) => child.kill(signal);
      for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
      child.once("exit", (code, signal) => {
        for (const each of FORWARDED_SIGNALS) process.off(each, forward);
        // Ended by a signal: end the same way, so that the client sees what ended the server.
        if (signal !== null) process.kill(process.pid, signal);
        else process.exit(code ?? 1);
      });
      resolve(true);
    });
  });
}
