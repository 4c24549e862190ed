// Serves the preview exactly as the extension builds it (the shell from client/src/preview/shell.ts
// with dist/webview.js and media/preview.css inline) from 127.0.0.1, and drives it in headless Chromium
// with a stub for the VS Code webview API that records what the page posts.

import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, join } from "node:path";
import { after, before } from "node:test";
import { chromium, type Browser, type Page } from "playwright-core";
import { analyze } from "../../shared/src/result";
import type { DocumentStatus } from "../../protocol/lsp";
import { buildPresentation } from "../../shared/src/render/index";
import { buildPreviewModel, type PreviewModel } from "../../shared/src/render/previewModel";
import { diffPreviewWires } from "../../shared/src/render/previewPatch";
import { previewWireOf, previewWireText, type PreviewWire } from "../../shared/src/render/previewWire";
import type { ShellOptions } from "../../client/src/page/shell";
import { buildPreviewShell } from "../../client/src/preview/shell";
import { buildCompareShell } from "../../client/src/compare/shell";
import type { ExtensionToWebview, ModelMessage, PatchMessage, WebviewToExtension } from "../../protocol/webview";
import { repoRoot } from "../support/paths";

const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The page's script and stylesheet, which the shell inlines as the extension does (client/src/page/assets.ts). */
const PAGE_FILES = { script: join(repoRoot, "dist", "webview.js"), style: join(repoRoot, "media", "preview.css") } as const;

/** Which page to serve: the preview (the default) or the changes view (client/src/compare/shell.ts, dist/compare.js). */
export interface PageKind {
  build: (options: ShellOptions) => string;
  script: string;
}

export const COMPARE_PAGE: PageKind = { build: buildCompareShell, script: join(repoRoot, "dist", "compare.js") };

export interface PreviewHost {
  origin: string;
  browser: Browser;
  close(): Promise<void>;
}

/** Starts the page server and the browser; close() stops both, whatever state they are in. `language` is the display language the extension passes to the shell. */
export async function startPreviewHost(
  language: Pick<ShellOptions, "locale" | "bundle"> = {},
  kind: PageKind = { build: buildPreviewShell, script: PAGE_FILES.script },
): Promise<PreviewHost> {
  for (const file of [kind.script, PAGE_FILES.style]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`node scripts/build.mjs\` first.`);
  }
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    if (path === "/") {
      const html = kind.build({
        nonce: randomBytes(18).toString("base64"),
        script: readFileSync(kind.script, "utf8"),
        scriptName: basename(kind.script),
        style: readFileSync(PAGE_FILES.style, "utf8"),
        ...language,
      });
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  return {
    origin,
    browser,
    async close() {
      try {
        await browser.close();
      } finally {
        await closeServer(server);
      }
    },
  };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

declare global {
  interface Window {
    __posted: WebviewToExtension[];
    /** When each of __posted was posted, in the page's clock (performance.now()). */
    __postedAt: number[];
    __state: unknown;
    __violations: string[];
  }
}

/**
 * A fresh page with the stub API installed before any page script runs (`savedState` is what
 * getState returns, as after a reload); resolves once the script said "ready".
 */
export async function openPreview(host: PreviewHost, viewport = { width: 900, height: 400 }, savedState?: unknown): Promise<Page> {
  const page = await host.browser.newPage({ viewport });
  await page.addInitScript((initial) => {
    window.__posted = [];
    window.__postedAt = [];
    window.__state = initial;
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (event) => window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`));
    (window as unknown as { acquireVsCodeApi: () => unknown }).acquireVsCodeApi = () => ({
      postMessage: (message: WebviewToExtension) => {
        window.__postedAt.push(performance.now());
        window.__posted.push(message);
      },
      getState: () => window.__state,
      setState: (state: unknown) => {
        window.__state = state;
      },
    });
  }, savedState);
  await page.goto(`${host.origin}/`);
  await page.waitForFunction(() => window.__posted.some((message) => message.type === "ready"));
  return page;
}

/**
 * A suite's preview host, for a `describe`: started before its tests and closed after them, with
 * one page open at a time (`open` closes the last one first, and the last is closed at the end).
 */
export function usePreviewHost(
  language: Pick<ShellOptions, "locale" | "bundle"> = {},
  kind?: PageKind,
  options = { timeout: 60_000 },
): { open(viewport?: { width: number; height: number }, savedState?: unknown): Promise<Page>; readonly host: PreviewHost } {
  let host: PreviewHost | undefined;
  let page: Page | undefined;
  before(async () => {
    host = await startPreviewHost(language, kind);
  }, options);
  after(async () => {
    await page?.close().catch(() => undefined);
    await host?.close();
  }, options);
  return {
    async open(viewport, savedState) {
      await page?.close();
      page = undefined;
      if (host === undefined) throw new Error("The preview host did not start.");
      page = await openPreview(host, viewport, savedState);
      return page;
    },
    get host() {
      if (host === undefined) throw new Error("The preview host did not start.");
      return host;
    },
  };
}

/**
 * Delivers a message as the extension host would (a message event on the page's window); a model
 * message's wire form arrives as a Uint8Array, as VS Code transfers it.
 */
export async function send(page: Page, message: ExtensionToWebview): Promise<void> {
  // As JSON text: Playwright's own argument serialization is slow for a large model.
  const wire = message.type === "model" && message.wire !== undefined ? new TextDecoder().decode(message.wire) : undefined;
  await page.evaluate(
    ({ json, wire }) => {
      const data = JSON.parse(json) as Record<string, unknown>;
      if (wire !== undefined) data.wire = new TextEncoder().encode(wire);
      window.postMessage(data, "*");
    },
    { json: JSON.stringify({ ...message, wire: undefined }), wire },
  );
}

export async function posted(page: Page): Promise<WebviewToExtension[]> {
  return page.evaluate(() => window.__posted);
}

/** The preview's scroll container (the page scrolls inside it, not the window). */
export const SCROLLER = "#fs-preview-content";

export async function scrollTop(page: Page): Promise<number> {
  return page.$eval(SCROLLER, (element) => element.scrollTop);
}

/** Resolves after the page has run two more animation frames (the webview reports scrolls in one). */
export async function settleFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

function statusOf(uri: string, version: number, result: ReturnType<typeof analyze>["result"]): DocumentStatus {
  return {
    uri,
    version,
    conformance: result.conformance.status,
    calculations: result.calculations.status,
    errorCount: result.conformance.errors.length,
    failingApplications: result.calculations.applications.filter((application) => application.status !== "satisfied").length,
    notEvaluated: {
      missingValue: result.calculations.applications.filter((application) => application.status === "error" && application.reason === "missing-value").length,
      unavailableValue: result.calculations.applications.filter((application) => application.status === "error" && application.reason === "unavailable-value").length,
    },
    applications: result.calculations.applications.length,
  };
}

export const DOCUMENT_URI = "file:///work/manufacturing-group.json";

/** The preview model the server builds for `document` (the real engine, the real model builder). */
export function previewModelOf(document: unknown): PreviewModel {
  return buildPreviewModel(buildPresentation(document, analyze(document).result));
}

/** The preview model of `document` in the wire form the server keeps, sends and diffs. */
function previewWireFor(document: unknown): PreviewWire {
  return previewWireOf(buildPresentation(document, analyze(document).result));
}

/** The whole-model message the extension sends for `document` at model version `sequence`. */
export function modelMessageFor(document: unknown, sequence: number, extra: Partial<ModelMessage> = {}): ModelMessage {
  const uri = extra.uri ?? DOCUMENT_URI;
  const { result } = analyze(document);
  return {
    type: "model",
    sequence,
    uri,
    version: sequence,
    documentName: "manufacturing-group.json",
    status: statusOf(uri, sequence, result),
    wire: new TextEncoder().encode(previewWireText(previewWireFor(document))),
    problem: undefined,
    locked: false,
    numberFormat: "full",
    ...extra,
  };
}

/** The patch message from `before` (model version `baseVersion`) to `after` (version `version`). */
export function patchMessageFor(before: unknown, after: unknown, baseVersion: number, version: number, sequence = version, extra: Partial<PatchMessage> = {}): PatchMessage {
  const uri = extra.uri ?? DOCUMENT_URI;
  return {
    type: "patch",
    sequence,
    uri,
    baseVersion,
    version,
    status: statusOf(uri, version, analyze(after).result),
    problem: undefined,
    ops: diffPreviewWires(previewWireFor(before), previewWireFor(after)),
    ...extra,
  };
}
