// npm start: FS Documents in a real VS Code. Packages the extension, makes sure code-server is
// installed (.cache/code-server), installs the .vsix into a local profile (.cache/vscode-profile)
// and serves VS Code on 127.0.0.1 with fixtures/examples open, until Ctrl+C.
// PORT=<n> picks the port; otherwise the last start's port is used again while it is free, since the
// browser keeps unsaved editors and the walkthrough's progress per address (scripts/lib/startPort.mjs). `npm start -- --locale de` shows FS
// Documents in German (any language with a package.nls.<id>.json; VS Code's own text stays English).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ensureCodeServer, ensureDebianPackages, installExtension, startCodeServer } from "./lib/code-server.mjs";
import { registerLanguagePack } from "./lib/languagePack.mjs";
import { packageExtension } from "./lib/package.mjs";
import { recordRunningStart, runningStart } from "./lib/runningStart.mjs";
import { choosePort } from "./lib/startPort.mjs";

const root = new URL("..", import.meta.url).pathname;
const folder = join(root, "fixtures/examples");
// FS_DOCUMENTS_PROFILE: another profile folder (its own unsaved editors, settings and remembered port).
const profile = process.env.FS_DOCUMENTS_PROFILE || join(root, ".cache/vscode-profile");
const userDataDir = join(profile, "user-data");
const extensionsDir = join(profile, "extensions");
const started = Date.now();
const log = (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);

function requestedPort() {
  if (process.env.PORT === undefined || process.env.PORT === "") return 0;
  const port = Number(process.env.PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`PORT must be a port number (1-65535), not ${JSON.stringify(process.env.PORT)}.`);
    process.exit(2);
  }
  return port;
}

/** The display language asked for with --locale, when FS Documents has a translation for it. */
function requestedLocale() {
  let values;
  try {
    ({ values } = parseArgs({ options: { locale: { type: "string" } } }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\nUsage: npm start [-- --locale <language id, e.g. de>]`);
    process.exit(2);
  }
  const locale = values.locale;
  if (locale === undefined || locale === "en") return undefined;
  if (!/^[a-z]{2,3}(-[a-z0-9]+)*$/i.test(locale) || !existsSync(join(root, `package.nls.${locale.toLowerCase()}.json`))) {
    console.error(`FS Documents has no translation for --locale ${JSON.stringify(locale)}; it has: en, de.`);
    process.exit(2);
  }
  return locale.toLowerCase();
}

/** Language names as the language pack states them (the workbench shows them in its language picker). */
const LANGUAGE_NAMES = new Map([["de", { name: "Deutsch", problemsTitle: "Probleme" }]]);

async function prepare() {
  try {
    await ensureDebianPackages({ log });
  } catch (error) {
    // Not root and something missing: say exactly what to run, then stop.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  log(`code-server: making sure it is installed in .cache/code-server (the first time takes a few minutes)`);
  // Packaging (a build and vsce, in a staging folder) does not need code-server: on a first run it
  // is done while code-server installs.
  const [vsix, executable] = await Promise.all([packageExtension({ log }), ensureCodeServer({ log })]);
  log(`installing ${vsix} into .cache/vscode-profile`);
  await installExtension({ executable, vsix, extensionsDir, userDataDir });
  return executable;
}

const requested = requestedPort();
const locale = requestedLocale();
const runningFile = join(profile, "running.json");
const running = await runningStart(runningFile);
if (running !== undefined) {
  console.log(
    `FS Documents is already running in VS Code at ${running.url}/?folder=${encodeURIComponent(folder)}\n` +
      `(another npm start, process ${running.pid}, serving this checkout's profile: open that address; Ctrl+C in its terminal stops it).`,
  );
  process.exit(0);
}
const executable = await prepare();
const { port, note: portNote } = await choosePort({ requested, portFile: join(profile, "port") });
if (portNote !== undefined) log(portNote);
if (locale !== undefined) {
  // code-server shows a language only when a language pack for it is registered: a minimal one.
  const { name, problemsTitle } = LANGUAGE_NAMES.get(locale) ?? { name: locale, problemsTitle: "Problems" };
  registerLanguagePack({ parent: profile, userDataDir, languageId: locale, languageName: name, problemsTitle });
  log(`display language: ${locale} (FS Documents in ${name}; VS Code's own text stays English without its language pack)`);
}
// Unlike a test's editor, a user's has Git: "FS: Compare with…" offers HEAD, the staged version and
// the file's commits from it. The examples folder is inside this repository, not its root.
const settings = { "git.enabled": true, "git.openRepositoryInParentFolders": "always" };
const server = await startCodeServer({
  executable,
  folder,
  userDataDir,
  extensionsDir,
  port,
  settings,
  keepExistingSettings: true,
  extraArgs: locale === undefined ? [] : ["--locale", locale],
});

const forgetRunning = recordRunningStart(runningFile, { port, url: server.url });
process.once("exit", forgetRunning);

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping code-server`);
  forgetRunning();
  await server.stop();
  log("stopped");
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.once(signal, () => void stop(signal));
server.process.once("exit", (code, signal) => {
  if (stopping) return;
  console.error(`code-server exited on its own (${signal ?? `exit ${code}`}); its last output:\n${server.output().split("\n").slice(-20).join("\n")}`);
  process.exit(1);
});

console.log(`\nFS Documents is running in VS Code at ${server.url}/?folder=${encodeURIComponent(folder)}\n`);
console.log("Press Ctrl+C to stop.");
