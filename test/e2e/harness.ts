// Brings up a real VS Code (code-server) with the packaged extension and the API-suite runner
// installed, on a fresh copy of the end-to-end workspace, in headless Chromium; and takes it all
// down again. Where code-server cannot be installed the tests are skipped, except in CI.

import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { repoRoot } from "../support/paths";
import { writeLanguagePack } from "./languagePack";
import { runCommand } from "./workbench";

/** The parts of scripts/lib/*.mjs the tests use (plain JavaScript, loaded at run time). */
interface CodeServerLib {
  ensureDebianPackages(options: { log: (line: string) => void }): Promise<void>;
  ensureCodeServer(options: { log: (line: string) => void }): Promise<string>;
  installExtension(options: { executable: string; vsix: string; extensionsDir: string; userDataDir: string }): Promise<string>;
  startCodeServer(options: {
    executable: string;
    folder: string;
    userDataDir: string;
    extensionsDir: string;
    settings: Record<string, unknown>;
    log?: (line: string) => void;
    extraArgs?: string[];
  }): Promise<RunningCodeServer>;
  run(command: string, args: string[], options?: { cwd?: string; timeoutMs?: number }): Promise<string>;
}
interface RunningCodeServer {
  url: string;
  /** code-server's main process: the leader of a process group holding the extension host and language servers. */
  process: { pid?: number };
  userDataDir: string;
  output(): string;
  stop(): Promise<void>;
}
interface ChromiumLib {
  launchChromium(): Promise<Browser>;
  openWorkbench(browser: Browser, url: string, folder: string): Promise<Page>;
}
interface PackageLib {
  packageExtension(options: { reuse: boolean; log: (line: string) => void }): Promise<string>;
}
interface WorkspaceLib {
  prepareE2eWorkspace(folder: string): string;
  E2E_FILES: { manufacturing: string; unknownProperty: string; hostileLabel: string; ordinary: string; workbook: string; workbookImported: string; longDraft: string };
  HOSTILE_LABEL: string;
}

async function load<T>(relativePath: string): Promise<T> {
  return (await import(pathToFileURL(join(repoRoot, relativePath)).href)) as T;
}

export const loadWorkspaceLib = () => load<WorkspaceLib>("scripts/lib/e2e-workspace.mjs");

export const resultsDir = join(repoRoot, "test-results", "e2e");

export interface Editor {
  page: Page;
  browser: Browser;
  server: RunningCodeServer;
  /** The workspace folder the editor has open (a fresh copy). */
  folder: string;
  /** Where the runner extension writes the API suites' results. */
  apiResultsFile: string;
  /**
   * Another window on the same workspace in a new browser context (its own HTTP cache and storage:
   * a fresh browser's first window), resolved once the explorer lists the folder; closed by stop().
   */
  newWindow(): Promise<Page>;
  stop(): Promise<void>;
}

export type Setup = { editor: Editor } | { skip: string };

const log = (line: string) => console.log(`[e2e] ${line}`);

/** Seconds taken by each phase, and the latencies the tests observed; printed and saved at the end. */
export const timings: Record<string, number> = {};

async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings[name] = Date.now() - started;
  }
}

/** code-server and its Debian packages; a skip reason when they cannot be had here (never in CI). */
async function codeServerExecutable(lib: CodeServerLib): Promise<string | { skip: string }> {
  try {
    await lib.ensureDebianPackages({ log });
    return await lib.ensureCodeServer({ log });
  } catch (error) {
    if (process.env.CI === "true") throw error;
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { skip: `code-server could not be installed here (set CI=true to make this a failure): ${reason}` };
  }
}

/**
 * The runner's .vsix, made from a copy of its folder with its web entry bundled (a web-worker
 * extension host loads one file and has no node:assert: webAssert.js stands in for it).
 */
/** Packages `folder` (an extension's folder) as `vsix` with vsce, offline. */
async function packageFolder(lib: CodeServerLib, folder: string, vsix: string): Promise<string> {
  await lib.run(
    process.execPath,
    [join(repoRoot, "node_modules/@vscode/vsce/vsce"), "package", "--no-dependencies", "--skip-license", "--allow-missing-repository", "--out", vsix],
    { cwd: folder, timeoutMs: 120_000 },
  );
  return vsix;
}

async function packageRunner(lib: CodeServerLib, scratch: string): Promise<string> {
  const vsix = join(scratch, "fs-documents-e2e-runner.vsix");
  const folder = join(scratch, "runner-extension");
  cpSync(join(repoRoot, "test/e2e/runner-extension"), folder, { recursive: true });
  const { build } = await import("esbuild");
  await build({
    entryPoints: [join(folder, "browser.js")],
    outfile: join(folder, "dist", "browser.js"),
    bundle: true,
    platform: "browser",
    format: "cjs",
    target: "chrome120",
    external: ["vscode"],
    logLevel: "warning",
    plugins: [
      {
        name: "web-assert",
        setup(build) {
          build.onResolve({ filter: /^node:assert(\/strict)?$/ }, () => ({ path: join(folder, "webAssert.js") }));
        },
      },
    ],
  });
  return packageFolder(lib, folder, vsix);
}

/**
 * `settings`: user settings beyond the harness's own (e.g. to block the network for one test file);
 * `addFiles`: writes more files into the workspace folder before the editor opens it;
 * `codeServerArgs`: more code-server arguments (the editor benchmark's `--log trace`);
 * `withoutProduct`: install only the runner, not FS Documents (the benchmark's VS Code-only baseline);
 * `displayLanguage`: a language pack for this language is generated (test/e2e/languagePack.ts) and
 * installed, and code-server starts with `--locale <id>`, so the editor's display language is it.
 */
export async function setUpEditor(
  settings: Record<string, unknown> = {},
  {
    addFiles = () => undefined,
    codeServerArgs = [],
    withoutProduct = false,
    displayLanguage,
  }: {
    addFiles?: (folder: string) => void;
    codeServerArgs?: string[];
    withoutProduct?: boolean;
    displayLanguage?: { id: string; name: string; problemsTitle: string };
  } = {},
): Promise<Setup> {
  const [codeServer, chromium, packaging, workspace] = await Promise.all([
    load<CodeServerLib>("scripts/lib/code-server.mjs"),
    load<ChromiumLib>("scripts/lib/chromium.mjs"),
    load<PackageLib>("scripts/lib/package.mjs"),
    loadWorkspaceLib(),
  ]);
  const executable = await timed("setup: Debian packages and code-server", () => codeServerExecutable(codeServer));
  if (typeof executable !== "string") return executable;

  const scratch = mkdtempSync(join(tmpdir(), "fsdoc-e2e-"));
  const cleanUps: (() => Promise<void> | void)[] = [() => rmSync(scratch, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanUp of cleanUps.reverse()) {
      try {
        await cleanUp();
      } catch (error) {
        log(`clean-up failed: ${String(error)}`);
      }
    }
    cleanUps.length = 0;
  };
  try {
    const [vsix, runnerVsix, languagePackVsix] = await timed("setup: package the extension and the runner", () =>
      Promise.all([
        packaging.packageExtension({ reuse: true, log }),
        packageRunner(codeServer, scratch),
        displayLanguage === undefined
          ? undefined
          : packageFolder(
              codeServer,
              writeLanguagePack(scratch, displayLanguage.id, displayLanguage.name, displayLanguage.problemsTitle),
              join(scratch, `language-pack-${displayLanguage.id}.vsix`),
            ),
      ]),
    );
    const userDataDir = join(scratch, "user-data");
    const extensionsDir = join(scratch, "extensions");
    await timed("setup: install both .vsix files", async () => {
      // One after the other: both installs rewrite the extensions folder's extensions.json.
      if (!withoutProduct) await codeServer.installExtension({ executable, vsix, extensionsDir, userDataDir });
      await codeServer.installExtension({ executable, vsix: runnerVsix, extensionsDir, userDataDir });
    });
    const folder = workspace.prepareE2eWorkspace(join(scratch, "workspace"));
    addFiles(folder);
    const apiResultsFile = join(scratch, "api-results", "results.json");
    mkdirSync(join(scratch, "api-results"));
    const server = await timed("setup: start code-server", () =>
      codeServer.startCodeServer({
        executable,
        folder,
        userDataDir,
        extensionsDir,
        settings: { ...settings, "fsE2e.resultsFile": apiResultsFile, ...(languagePackVsix === undefined ? {} : { "fsE2e.languagePackVsix": languagePackVsix }) },
        extraArgs: displayLanguage === undefined ? codeServerArgs : ["--locale", displayLanguage.id, ...codeServerArgs],
      }),
    );
    cleanUps.push(() => server.stop());
    const browser = await timed("setup: launch Chromium", () => chromium.launchChromium());
    cleanUps.push(() => browser.close());
    const page = await timed("setup: open the workbench", () => chromium.openWorkbench(browser, server.url, folder));
    // The runner's status item appears once the extension host has loaded the installed extensions.
    const extensionHostReady = () => page.locator(".statusbar-item", { hasText: "FS E2E ready" }).waitFor({ timeout: 60_000 });
    await timed("setup: extension host ready", extensionHostReady);
    if (languagePackVsix !== undefined) {
      await timed("setup: install the language pack and reload", async () => {
        // `code-server --install-extension` installs a language pack without registering it (its
        // CLI never creates the language pack service): the running server does, in
        // <user-data>/languagepacks.json, when it installs the pack itself. The display language
        // is chosen when the page loads, so the page is loaded again, as VS Code asks a user to.
        const installed = `${apiResultsFile}.language-pack.json`;
        await runCommand(page, "FS E2E: Install Language Pack");
        const result = JSON.parse(await waitForFile(installed, 120_000)) as { installed?: string; error?: string };
        if (result.error !== undefined) throw new Error(`The language pack could not be installed: ${result.error}`);
        if (!existsSync(join(userDataDir, "languagepacks.json"))) throw new Error("The language pack was installed but not registered in languagepacks.json");
        await page.reload();
        await page.waitForSelector(".monaco-workbench", { timeout: 60_000 });
        await page.waitForSelector(".explorer-folders-view .monaco-list-row", { timeout: 60_000 });
        await extensionHostReady();
      });
    }
    const newWindow = () => chromium.openWorkbench(browser, server.url, folder);
    return { editor: { page, browser, server, folder, apiResultsFile, newWindow, stop } };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Saves a screenshot of the page as test-results/e2e/<test name>.png; never throws. */
export async function screenshot(page: Page | undefined, name: string): Promise<string | undefined> {
  if (page === undefined) return undefined;
  const path = join(resultsDir, `${name.replace(/[^\w.-]+/g, "-").replace(/^-|-$/g, "")}.png`);
  try {
    mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path, timeout: 10_000 });
    return path;
  } catch (error) {
    log(`screenshot ${path} failed: ${String(error)}`);
    return undefined;
  }
}

export function reportTimings(): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, "timings.json"), `${JSON.stringify(timings, null, 2)}\n`);
  for (const [name, ms] of Object.entries(timings)) log(`${name}: ${(ms / 1000).toFixed(2)} s`);
}

/** Resolves with the text of `path` once it exists (it is renamed into place whole). */
export function waitForFile(path: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dirname(path));
    const finish = (error?: Error) => {
      clearTimeout(timer);
      watcher.close();
      if (error === undefined) resolve(readFileSync(path, "utf8"));
      else reject(error);
    };
    const timer = setTimeout(() => finish(new Error(`${path} did not appear within ${timeoutMs} ms`)), timeoutMs);
    watcher.on("change", (_event, name) => {
      if (String(name) === basename(path) && existsSync(path)) finish();
    });
    watcher.on("error", (error) => finish(error));
    if (existsSync(path)) finish();
  });
}

/** Resolves once the user settings file registers the FS schema URL in json.schemas (written by the extension). */
export function waitForSchemaSettings(path: string, timeoutMs = 60_000): Promise<void> {
  const registered = () => {
    try {
      return readFileSync(path, "utf8").includes('"url": "https://cpaikr.github.io/fs/schema/0.2/fs-document.schema.json"');
    } catch {
      return false;
    }
  };
  return new Promise((resolve, reject) => {
    if (registered()) return resolve();
    const watcher = watch(dirname(path));
    const finish = (error?: Error) => {
      clearTimeout(timer);
      watcher.close();
      if (error === undefined) resolve();
      else reject(error);
    };
    const timer = setTimeout(() => finish(new Error(`${path} did not register the FS schema URL within ${timeoutMs} ms`)), timeoutMs);
    watcher.on("change", () => {
      if (registered()) finish();
    });
    watcher.on("error", (error) => finish(error));
  });
}

/**
 * Offline, twice over: VS Code's JSON downloads schemas through `http.proxy` from the extension
 * host (a closed loopback port here), and the page aborts every request that leaves 127.0.0.1.
 * The settings go to setUpEditor; blockNetwork is called on its page.
 */
export const OFFLINE_SETTINGS = { "http.proxy": "http://127.0.0.1:9", "http.proxySupport": "override" } as const;

export async function blockNetwork(page: Page): Promise<void> {
  await page.context().route(
    (url) => url.hostname !== "127.0.0.1" && url.protocol !== "data:" && url.protocol !== "blob:",
    (route) => route.abort("internetdisconnected"),
  );
}
