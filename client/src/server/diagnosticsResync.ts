// How VS Code's client takes fs/diagnosticGroups publications (protocol/lsp.ts): each is converted
// (the language client's conversion, asynchronous) and applied in the order they came, since each
// is merged into the one before; one converted after the server stopped is dropped. One that cannot
// be converted or applied leaves the document stale, and later publications carry only the groups
// that change: the server is asked for the document whole again (fs/diagnosticsResync) and the
// failure is logged, once. Until a whole publication of the document is taken nothing more is asked,
// so a publication that can never be converted does not ask the server in a loop.
// No vscode here: serverDiagnostics.ts wires it to the language client and the collections.

import type { Diagnostic } from "vscode-languageclient";
import type { DiagnosticGroupsParams } from "../../../protocol/lsp";
import type { GroupsUpdate } from "./diagnosticGroups";

export interface ResyncChannel {
  /** Asks the server for all of `uri`'s diagnostics again (fs/diagnosticsResync). */
  resync(uri: string): void;
  /** Writes to the client's output channel. */
  log(message: string): void;
}

/** How one publication is taken: its groups converted (the language client's protocol2CodeConverter), then applied. */
export interface Taking<T> {
  convert(diagnostics: Diagnostic[]): Promise<T[]>;
  apply(update: GroupsUpdate<T>): void;
}

export class GroupPublications<T> {
  /** Converted one after another: each is merged into the one before. */
  private queue: Promise<void> = Promise.resolve();
  /** Counts the server's stops: a publication converted after one is dropped. */
  private generation = 0;
  /** The documents asked for whole, no whole publication of them taken since. */
  private readonly asked = new Set<string>();

  constructor(private readonly channel: ResyncChannel) {}

  /** A fs/diagnosticGroups: converted now, applied after the ones before it. Settles once applied (or not). */
  received(params: DiagnosticGroupsParams, taking: Taking<T>): Promise<void> {
    const generation = this.generation;
    const converted = Promise.all(params.groups.map(async ({ group, diagnostics }) => [group, await taking.convert(diagnostics)] as const));
    this.queue = this.queue
      .then(() => converted)
      .then((groups) => {
        if (generation !== this.generation) return;
        taking.apply({ whole: params.whole, groups: new Map(groups) });
        if (params.whole) this.asked.delete(params.uri);
      })
      .catch((error: unknown) => {
        if (generation === this.generation) this.failed(params.uri, error);
      });
    return this.queue;
  }

  /** The server stopped: what is still converting is dropped; the next server publishes every document whole. */
  clear(): void {
    this.generation++;
    this.asked.clear();
  }

  private failed(uri: string, error: unknown): void {
    if (this.asked.has(uri)) return;
    this.asked.add(uri);
    this.channel.log(
      `The diagnostics published for ${uri} could not be shown (${error instanceof Error ? error.message : String(error)}); asking the server for all of them again.`,
    );
    this.channel.resync(uri);
  }
}
