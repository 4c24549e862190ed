// The preview's page script (bundled as dist/webview.js): paints what the extension sends, follows
// the editor's cursor and scroll, and reports clicks, Enter and scrolling back.

import { asPreviewState, isExtensionToWebview, type ExtensionToWebview, type PreviewState, type RenderMessage, type WebviewToExtension } from "./messages";
import { bodyCellOf, cellForKey, makeTablesNavigable, makeTabStop } from "./keyboard";
import { PreviewPage } from "./page";
import { PointerIndex } from "./pointerIndex";
import { ScrollReporter } from "./scroll";

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const HIGHLIGHT = "fs-highlight";

class PreviewScript {
  private readonly page = new PreviewPage(document);
  private index = new PointerIndex(this.page.content);
  private readonly scroll: ScrollReporter;
  private state: PreviewState | undefined;
  private highlighted: { pointer: string; element: HTMLElement } | undefined;
  /** The position saved before this page was (re)loaded: a hidden preview or a reload restores it. */
  private restoreY: number | undefined;

  constructor(private readonly api: VsCodeApi) {
    this.state = asPreviewState(api.getState());
    this.restoreY = this.state?.scrollY;
    this.scroll = new ScrollReporter(window, () => this.reportScroll(), () => this.saveState());
    window.addEventListener("message", (event: MessageEvent<unknown>) => {
      if (isExtensionToWebview(event.data)) this.receive(event.data);
    });
    this.page.content.addEventListener("click", (event) => this.onClick(event));
    this.page.content.addEventListener("keydown", (event) => this.onKey(event));
    this.page.content.addEventListener("focusin", (event) => {
      const cell = bodyCellOf(event.target);
      if (cell !== undefined) makeTabStop(cell);
    });
    this.post({ type: "ready" });
  }

  private post(message: WebviewToExtension): void {
    this.api.postMessage(message);
  }

  private receive(message: ExtensionToWebview): void {
    switch (message.type) {
      case "render":
        this.render(message);
        return;
      case "highlight":
        this.highlight(message.pointer, message.reveal);
        return;
      case "scrollTo":
        this.scrollToPointer(message.pointer);
        return;
      case "lock":
        this.page.setLocked(message.locked);
        if (this.state !== undefined) this.state = { ...this.state, locked: message.locked };
        this.saveState();
        return;
    }
  }

  private render(message: RenderMessage): void {
    const keptY = window.scrollY;
    const painted = this.page.paint(message);
    if (painted === undefined) return;
    if (painted.replacedContent) {
      this.index = new PointerIndex(this.page.content);
      makeTablesNavigable(this.page.content);
      const previous = this.highlighted;
      this.highlighted = undefined;
      if (previous !== undefined && !painted.changedDocument) this.highlight(previous.pointer, false);
      const restored = this.state?.uri === message.uri ? this.restoreY : undefined;
      this.restoreY = undefined;
      const top = message.scrollY ?? restored ?? (painted.changedDocument ? 0 : keptY);
      this.scroll.scrollTo(top);
    }
    this.state = { uri: message.uri, locked: message.locked, scrollY: window.scrollY };
    this.saveState();
  }

  private highlight(pointer: string, reveal: boolean): void {
    const target = this.index.nearest(pointer);
    if (this.highlighted?.element !== target) {
      this.highlighted?.element.classList.remove(HIGHLIGHT);
      target?.classList.add(HIGHLIGHT);
    }
    this.highlighted = target === undefined ? undefined : { pointer, element: target };
    if (target === undefined || !reveal) return;
    const box = target.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    this.scroll.scrollOurselves(() => target.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" }));
  }

  private scrollToPointer(pointer: string): void {
    if (pointer === "") {
      this.scroll.scrollTo(0);
      return;
    }
    const target = this.index.nearest(pointer);
    if (target === undefined) return;
    this.scroll.scrollTo(Math.max(0, window.scrollY + target.getBoundingClientRect().top));
  }

  private reportScroll(): void {
    if (window.scrollY <= 0) {
      this.post({ type: "scrolled", pointer: "" });
      return;
    }
    const row = this.index.firstRowBelow(0);
    const pointer = row?.dataset.pointer;
    if (pointer !== undefined) this.post({ type: "scrolled", pointer });
  }

  private onClick(event: MouseEvent): void {
    if (!(event.target instanceof Element)) return;
    const source = event.target.closest<HTMLElement>("[data-pointer]");
    const pointer = source?.dataset.pointer;
    if (pointer === undefined) return;
    const cell = bodyCellOf(event.target);
    if (cell !== undefined) makeTabStop(cell);
    this.post({ type: "reveal", pointer });
  }

  private onKey(event: KeyboardEvent): void {
    const cell = bodyCellOf(event.target);
    if (cell === undefined) return;
    if (event.key === "Enter" || event.key === " ") {
      const pointer = cell.closest<HTMLElement>("[data-pointer]")?.dataset.pointer;
      if (pointer !== undefined) this.post({ type: "reveal", pointer });
      event.preventDefault();
      return;
    }
    const next = cellForKey(cell, event);
    if (next === undefined) return;
    event.preventDefault();
    makeTabStop(next);
    next.focus();
  }

  private saveState(): void {
    if (this.state === undefined) return;
    this.state = { ...this.state, scrollY: window.scrollY };
    this.api.setState(this.state);
  }
}

new PreviewScript(acquireVsCodeApi());
