// A document's code lenses before its outline and code actions. As a document opens, VS Code sends
// the outline (textDocument/documentSymbol), the code actions at the cursor and then the lenses in
// view (fs/codeLenses) in one burst, and vscode-jsonrpc hands them to their handlers in arrival
// order: the first lens of a cold open waited for the outline's answer (400 KB of JSON at 5 MB),
// for its writing and for the extension host to read and convert it, and came 60–250 ms after it
// in 3 of 4 reloaded runs (docs/performance.md, "The cold first lens, part by part"). The reader
// notes what arrives; the connection's message strategy hands a request naming a document on to its
// handler only after the lens request of the same document that arrived behind it was answered,
// when nothing but requests came between them (a notification, such as an edit, keeps the order).

import type { Message, MessageReader, MessageStrategy } from "vscode-languageserver";
import { CodeLensesRequest } from "../../../protocol/lsp";
import { watchedReader } from "./waitingMessages";

/** What a strategy's `next` returns (vscode-jsonrpc's NotificationResult, not exported here). */
type Handled = ReturnType<MessageStrategy["handleMessage"]>;

const CANCEL = "$/cancelRequest";

interface Arrived {
  readonly message: Message;
  /** The document the request names (fs/codeLenses: `uri`; others: `textDocument.uri`); undefined for a notification or a response. */
  readonly uri: string | undefined;
  readonly lens: boolean;
  readonly request: boolean;
  /** Made once a request waits for this lens request; settled once it is answered (or failed), and what waits is handled then. */
  answered?: Deferred;
}

interface Deferred {
  readonly promise: Promise<void>;
  readonly settle: () => void;
}

function deferred(): Deferred {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}

function describe(message: Message): Arrived {
  const { id, method, params } = message as { id?: unknown; method?: unknown; params?: unknown };
  const request = typeof method === "string" && (typeof id === "number" || typeof id === "string");
  const lens = request && method === CodeLensesRequest.method;
  const uri = !request ? undefined : lens ? stringAt(params, "uri") : stringAt((params as { textDocument?: unknown } | undefined)?.textDocument, "uri");
  return { message, uri, lens, request };
}

function stringAt(value: unknown, key: string): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === "string" ? found : undefined;
}

export class LensFirst {
  /** The messages that arrived and are not handed to a handler yet, in arrival order ($/cancelRequest left out: it may be consumed on arrival). */
  private readonly arrived: Arrived[] = [];

  /** `inner`, noting each message as it arrives. */
  reader(inner: MessageReader): MessageReader {
    return watchedReader(inner, (message) => {
      if ((message as { method?: unknown }).method !== CANCEL) this.arrived.push(describe(message));
    });
  }

  /** Handed to the connection (ConnectionOptions.messageStrategy), after any other strategy's own counting. */
  readonly strategy: MessageStrategy = {
    handleMessage: (message, next) => {
      const index = this.arrived.findIndex((arrived) => arrived.message === message);
      if (index === -1) return next(message);
      const [arrived] = this.arrived.splice(index, 1) as [Arrived];
      if (arrived.lens) return this.answerLens(arrived, next);
      const lens = arrived.uri === undefined ? undefined : this.lensBehind(arrived.uri, index);
      if (lens === undefined) return next(message);
      lens.answered ??= deferred();
      return lens.answered.promise.then(() => next(message));
    },
  };

  /** The lens request for `uri` among the messages from `from` on, with only requests before it; undefined if a notification comes first. */
  private lensBehind(uri: string, from: number): Arrived | undefined {
    for (let index = from; index < this.arrived.length; index++) {
      const later = this.arrived[index] as Arrived;
      if (!later.request) return undefined;
      if (later.lens && later.uri === uri) return later;
    }
    return undefined;
  }

  private answerLens(lens: Arrived, next: (message: Message) => Handled): Handled {
    const release = () => lens.answered?.settle();
    try {
      const result = next(lens.message);
      void Promise.resolve(result).then(release, release);
      return result;
    } catch (error) {
      release();
      throw error;
    }
  }
}
