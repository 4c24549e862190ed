// `fsdoc-language-server --stdio` started as other editors start it (no Node options, no
// environment of ours) runs the server in a child started with its memory settings
// (server/src/launch.ts, protocol/serverProcess.ts): once, over the same stdio, with the child's
// exit code and the client's signals passed through. Started with them (as VS Code's client does),
// it is one process.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { missingSettings, RELAUNCHED_ENV, shouldRelaunch } from "../../server/src/launch";
import { SERVER_ENV, SERVER_NODE_OPTIONS } from "../../protocol/serverProcess";
import { repoRoot } from "../support/paths";

const linux = process.platform === "linux";
const allEnv = { ...SERVER_ENV };

test("the settings a process lacks: Node options (own, or in NODE_OPTIONS, any value, either spelling) and glibc's variables on Linux", () => {
  const none = { execArgv: [], env: {}, platform: "linux" as const };
  assert.deepEqual(missingSettings(none), { execArgv: [...SERVER_NODE_OPTIONS], env: allEnv });
  assert.equal(missingSettings({ execArgv: [...SERVER_NODE_OPTIONS], env: allEnv, platform: "linux" }), undefined);
  assert.equal(missingSettings({ execArgv: ["--max_semi_space_size=8"], env: allEnv, platform: "linux" }), undefined, "the user's value and V8's spelling count");
  assert.equal(missingSettings({ execArgv: [], env: { ...allEnv, NODE_OPTIONS: "--trace-warnings --max-semi-space-size=2" }, platform: "linux" }), undefined);
  assert.deepEqual(missingSettings({ execArgv: [...SERVER_NODE_OPTIONS], env: {}, platform: "linux" }), { execArgv: [], env: allEnv });
  assert.deepEqual(missingSettings({ execArgv: [...SERVER_NODE_OPTIONS], env: { MALLOC_MMAP_THRESHOLD_: "1" }, platform: "linux" })?.env, {
    MALLOC_TRIM_THRESHOLD_: SERVER_ENV.MALLOC_TRIM_THRESHOLD_,
  });
  assert.equal(missingSettings({ execArgv: [...SERVER_NODE_OPTIONS], env: {}, platform: "darwin" }), undefined, "glibc's variables mean nothing elsewhere");
  assert.deepEqual(missingSettings({ execArgv: [], env: {}, platform: "win32" }), { execArgv: [...SERVER_NODE_OPTIONS], env: {} });
});

test("never twice, never for IPC: the child, a user's opt-out and --node-ipc run the server in the process started", () => {
  const none = { execArgv: [], env: {}, platform: "linux" as const };
  assert.equal(shouldRelaunch(["--stdio"], none), true);
  assert.equal(shouldRelaunch([], none), true);
  assert.equal(shouldRelaunch(["--socket=5007"], none), true);
  assert.equal(shouldRelaunch(["--stdio"], { ...none, env: { [RELAUNCHED_ENV]: "1" } }), false);
  assert.equal(shouldRelaunch(["--node-ipc"], none), false);
  assert.equal(shouldRelaunch(["--stdio"], { execArgv: [...SERVER_NODE_OPTIONS], env: allEnv, platform: "linux" }), false);
});

/** The environment of a plain start: nothing of ours, whatever the test runner has. */
function plainEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ["NODE_OPTIONS", RELAUNCHED_ENV, ...Object.keys(SERVER_ENV)]) delete env[name];
  return env;
}

const frame = (message: unknown): string => {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

interface Started {
  child: ChildProcess;
  stdout: () => string;
  /** Resolves once stdout matches `pattern`. */
  until(pattern: RegExp): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function start(execArgv: readonly string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, [...execArgv, join(repoRoot, "dist", "server.js"), "--stdio"], { stdio: ["pipe", "pipe", "pipe"], env });
  let stdout = "";
  const waiting: { pattern: RegExp; resolve: () => void }[] = [];
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const wait of waiting.filter(({ pattern }) => pattern.test(stdout))) wait.resolve();
  });
  child.stderr.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return {
    child,
    stdout: () => stdout,
    until: (pattern) => (pattern.test(stdout) ? Promise.resolve() : new Promise((resolve) => waiting.push({ pattern, resolve }))),
    exited,
  };
}

const initialize = frame({ jsonrpc: "2.0", id: 1, method: "initialize", params: { processId: null, rootUri: null, capabilities: {} } });

/** The direct children of a process (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, "utf8")
      .trim()
      .split(" ")
      .filter((each) => each !== "")
      .map(Number),
  );
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test(
  "started plainly over stdio, the server runs in one child with its Node options and environment, answers on the same stdout and exits as it does",
  { skip: !linux && "reads /proc" },
  async () => {
    const server = start([], plainEnv());
    server.child.stdin?.write(initialize);
    await server.until(/"id":1,"result":\{"capabilities"/);
    assert.match(server.stdout(), /^Content-Length: \d+\r\n\r\n\{"jsonrpc":"2.0","id":1,"result"/, "stdout has the protocol's frames only");
    const children = childrenOf(server.child.pid!);
    assert.equal(children.length, 1, "one child runs the server");
    const child = children[0]!;
    const args = readFileSync(`/proc/${child}/cmdline`, "utf8").split("\0");
    for (const option of SERVER_NODE_OPTIONS) assert.ok(args.includes(option), `the child has ${option}: ${args.join(" ")}`);
    assert.ok(args.includes("--stdio"), "and the server's own arguments");
    const environ = readFileSync(`/proc/${child}/environ`, "utf8").split("\0");
    for (const [name, value] of Object.entries(SERVER_ENV)) assert.ok(environ.includes(`${name}=${value}`), `the child has ${name}=${value}`);
    assert.ok(environ.includes(`${RELAUNCHED_ENV}=1`), "marked, so that it runs the server itself");
    assert.deepEqual(childrenOf(child), [], "the child runs the server itself (no loop)");
    server.child.stdin?.write(frame({ jsonrpc: "2.0", id: 2, method: "shutdown" }));
    await server.until(/"id":2,"result":null/);
    server.child.stdin?.write(frame({ jsonrpc: "2.0", method: "exit" }));
    assert.deepEqual(await server.exited, { code: 0, signal: null }, "exit after shutdown: 0, as the child");
    assert.equal(isAlive(child), false, "the child is gone");
  },
);

test("the child's exit code and the client's signals pass through the process the client started", { skip: !linux && "reads /proc" }, async () => {
  const unordered = start([], plainEnv());
  unordered.child.stdin?.write(initialize);
  await unordered.until(/"id":1,"result"/);
  unordered.child.stdin?.write(frame({ jsonrpc: "2.0", method: "exit" }));
  assert.deepEqual(await unordered.exited, { code: 1, signal: null }, "exit without shutdown: 1, as the child");

  const stopped = start([], plainEnv());
  stopped.child.stdin?.write(initialize);
  await stopped.until(/"id":1,"result"/);
  const [child] = childrenOf(stopped.child.pid!);
  assert.ok(child !== undefined, "a child runs the server");
  stopped.child.kill("SIGTERM");
  assert.deepEqual(await stopped.exited, { code: null, signal: "SIGTERM" }, "ended by the client's signal, as the child was");
  assert.equal(isAlive(child), false, "the signal reached the child");
});

test("started with its settings (as VS Code's client starts it), or told not to, the server runs in the process started", { skip: !linux && "reads /proc" }, async () => {
  for (const [execArgv, env] of [
    [SERVER_NODE_OPTIONS, { ...plainEnv(), ...SERVER_ENV }],
    [[], { ...plainEnv(), [RELAUNCHED_ENV]: "1" }],
  ] as const) {
    const server = start(execArgv, env);
    server.child.stdin?.write(initialize);
    await server.until(/"id":1,"result"/);
    assert.deepEqual(childrenOf(server.child.pid!), [], "no child");
    server.child.stdin?.write(frame({ jsonrpc: "2.0", id: 2, method: "shutdown" }) + frame({ jsonrpc: "2.0", method: "exit" }));
    assert.deepEqual(await server.exited, { code: 0, signal: null });
  }
});
