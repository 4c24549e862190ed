// Paints render messages into the shell: header (title, status, lock), problem banner and the
// statements. Only the engine's fragment is parsed as HTML (the engine escapes all author text);
// everything this script writes itself goes through textContent.

import { SHELL_IDS } from "../preview/shell";
import { describeStatus } from "../status/describe";
import type { RenderMessage } from "./messages";

export interface Painted {
  /** True when the statements were replaced (so the pointer index must be rebuilt). */
  replacedContent: boolean;
  /** True when the message is for another document than the previous one. */
  changedDocument: boolean;
}

function element(document: Document, id: string): HTMLElement {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`The preview shell has no #${id}.`);
  return found;
}

export class PreviewPage {
  readonly content: HTMLElement;
  private readonly title: HTMLElement;
  private readonly status: HTMLElement;
  private readonly lock: HTMLElement;
  private readonly problem: HTMLElement;
  private lastSequence = -Infinity;
  private uri: string | undefined;

  constructor(private readonly document: Document) {
    this.title = element(document, SHELL_IDS.title);
    this.status = element(document, SHELL_IDS.status);
    this.lock = element(document, SHELL_IDS.lock);
    this.problem = element(document, SHELL_IDS.problem);
    this.content = element(document, SHELL_IDS.content);
  }

  get currentUri(): string | undefined {
    return this.uri;
  }

  /** Paints `message`, or returns undefined when it is older than what is already shown. */
  paint(message: RenderMessage): Painted | undefined {
    if (message.sequence <= this.lastSequence) return undefined;
    this.lastSequence = message.sequence;
    const changedDocument = this.uri !== message.uri;
    this.uri = message.uri;

    const heading = message.title === "" ? message.documentName : message.title;
    this.title.textContent = heading;
    this.document.title = `Preview ${heading}`;
    this.paintStatus(message);
    this.setLocked(message.locked);

    this.problem.textContent = message.problem ?? "";
    this.problem.hidden = message.problem === undefined;

    // "" means there is nothing newer to show: keep the last valid tables of the same document.
    if (message.html === "" && !changedDocument) return { replacedContent: false, changedDocument };
    this.content.innerHTML = message.html;
    return { replacedContent: true, changedDocument };
  }

  setLocked(locked: boolean): void {
    this.lock.hidden = !locked;
  }

  private paintStatus(message: RenderMessage): void {
    if (message.status === undefined) {
      this.status.textContent = "";
      delete this.status.dataset.severity;
      this.status.removeAttribute("title");
      return;
    }
    const description = describeStatus(message.status);
    this.status.textContent = description.summary;
    this.status.dataset.severity = description.severity;
    this.status.title = description.detail;
  }
}
