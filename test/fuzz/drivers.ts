// The built CLI (dist/cli.js) and language server (dist/server.js), driven only through their
// stable interfaces: the CLI's exit code and its JSON result on stdout, and LSP over stdio.

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createProtocolConnection,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type ProtocolConnection,
} from "vscode-languageserver-protocol/node";
import { repoRoot } from "../support/paths";

export interface CliOutcome {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

export class CliDriver {
  private readonly dir = mkdtempSync(join(tmpdir(), "fsdoc-fuzz-"));
  private count = 0;

  /** `fsdoc validate <file>` on the bytes written to a file. */
  validate(bytes: Uint8Array): Promise<CliOutcome> {
    const file = join(this.dir, `case-${this.count++}.json`);
    writeFileSync(file, bytes);
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(repoRoot, "dist", "cli.js"), "validate", file], { stdio: ["ignore", "pipe", "pipe"] });
      const stdout: Buffer[] = [];
      const stderr: Buffer[] = [];
      child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
      child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
      child.on("error", reject);
      child.on("close", (exitCode, signal) => {
        rmSync(file, { force: true });
        resolve({ exitCode, signal, stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") });
      });
    });
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The error codes in a CLI result: its conformance errors, or the errors of a parse failure as data. */
export function cliCodes(stdout: string): string[] | undefined {
  let output: unknown;
  try {
    output = JSON.parse(stdout);
  } catch {
    return undefined;
  }
  const record = (value: unknown): Record<string, unknown> | undefined =>
    value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const errors = record(record(output)?.conformance)?.errors ?? record(output)?.errors;
  if (!Array.isArray(errors)) return undefined;
  return errors.map((error) => String(record(error)?.code));
}

export class ServerDriver {
  private readonly connection: ProtocolConnection;
  private readonly waiters = new Map<string, (diagnostics: Diagnostic[]) => void>();
  private readonly arrived = new Map<string, Diagnostic[]>();
  private exited: string | undefined;
  stderr = "";

  private constructor(private readonly child: ChildProcess) {
    child.stderr!.on("data", (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-20_000)));
    child.on("exit", (code, signal) => {
      this.exited = `the server exited (code ${code}, signal ${signal})`;
      for (const waiter of this.waiters.values()) waiter([]);
    });
    this.connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    this.connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      const waiter = this.waiters.get(params.uri);
      if (waiter !== undefined) {
        this.waiters.delete(params.uri);
        waiter(params.diagnostics);
      } else {
        this.arrived.set(params.uri, params.diagnostics);
      }
    });
    // Every problem listed (no cap), and no debounce: the fuzz compares complete lists.
    this.connection.onRequest("workspace/configuration", (params: { items: unknown[] }) => params.items.map(() => ({ validation: { delay: 0, maxProblems: 1_000_000 } })));
    this.connection.onRequest("client/registerCapability", () => null);
    this.connection.onRequest("workspace/codeLens/refresh", () => null);
    this.connection.listen();
  }

  static async start(): Promise<ServerDriver> {
    const child = spawn(process.execPath, [join(repoRoot, "dist", "server.js"), "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
    const driver = new ServerDriver(child);
    await driver.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { configuration: true }, textDocument: { publishDiagnostics: { versionSupport: true } } },
    });
    await driver.connection.sendNotification(InitializedNotification.type, {});
    return driver;
  }

  /** Why the server can no longer answer, if it cannot. */
  get failure(): string | undefined {
    return this.exited;
  }

  open(uri: string, text: string): void {
    void this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "json", version: 1, text } });
  }

  close(uri: string): void {
    this.arrived.delete(uri);
    void this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  /**
   * The first diagnostics published for `uri` (already arrived, or the next), or undefined when
   * none come within `limitMs`: a backstop so that a server that stays silent is a finding, not a
   * run that never ends.
   */
  diagnostics(uri: string, limitMs: number): Promise<Diagnostic[] | undefined> {
    const arrived = this.arrived.get(uri);
    if (arrived !== undefined) return Promise.resolve(arrived);
    if (this.exited !== undefined) return Promise.resolve([]);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(uri);
        resolve(undefined);
      }, limitMs);
      this.waiters.set(uri, (diagnostics) => {
        clearTimeout(timer);
        resolve(diagnostics);
      });
    });
  }

  async stop(): Promise<void> {
    if (this.exited === undefined) {
      await this.connection.sendRequest(ShutdownRequest.type);
      await this.connection.sendNotification(ExitNotification.type);
    }
    this.connection.dispose();
    if (this.exited === undefined) await new Promise((resolve) => this.child.once("exit", resolve));
  }
}
