// Installs, starts and stops code-server (VS Code's server and web workbench, from the npm registry),
// because VS Code desktop cannot be downloaded on our machines. The steps follow
// ../shared/notes/real-vscode-here.md; each one exists because the plain install fails without it.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { freePort } from "./ports.mjs";

export const CODE_SERVER_VERSION = "4.100.3"; // VS Code 1.100.3: the newest that runs on Node 20
export const DEBIAN_PACKAGES = ["libkrb5-dev", "libx11-dev", "libxkbfile-dev", "libsecret-1-dev", "pkg-config", "ripgrep", "chromium"];

const root = new URL("../..", import.meta.url).pathname;
const quiet = () => {};

// Children run detached so that their whole process group can be killed, which also means a
// Ctrl+C or a killed test run would not reach them: take every live group down when we go.
const liveGroups = new Set();
const killLiveGroups = () => {
  for (const pid of liveGroups)
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      /* already gone */
    }
};
let exitHandlersInstalled = false;
function trackGroup(pid) {
  if (!exitHandlersInstalled) {
    exitHandlersInstalled = true;
    process.on("exit", killLiveGroups);
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
      process.once(signal, () => {
        killLiveGroups();
        // Keep the default outcome (dying of the signal) unless someone else handles it.
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      });
    }
  }
  liveGroups.add(pid);
  return () => liveGroups.delete(pid);
}

/** Runs a command to completion; rejects with the command line and its combined output. */
export function run(command, args, { cwd, env, timeoutMs = 10 * 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const untrack = child.pid === undefined ? () => {} : trackGroup(child.pid);
    let output = "";
    const collect = (chunk) => {
      output += chunk;
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
      reject(new Error(`${command} ${args.join(" ")} timed out after ${timeoutMs} ms\n${output}`));
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      untrack();
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      untrack();
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`}) in ${cwd ?? process.cwd()}\n${output}`));
    });
  });
}

function isInstalled(pkg) {
  return run("dpkg-query", ["-W", "-f=${Status}", pkg]).then(
    (status) => status.includes("install ok installed"),
    () => false,
  );
}

/** The native builds need headers, ripgrep replaces a binary download, and Chromium drives the UI. */
export async function ensureDebianPackages({ log = quiet } = {}) {
  const installed = await Promise.all(DEBIAN_PACKAGES.map(isInstalled));
  const missing = DEBIAN_PACKAGES.filter((_, index) => !installed[index]);
  if (missing.length === 0) return;
  // Recommends would add desktop daemons (audio, printing, notifications) that nothing here uses.
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(" ")}`;
  if (process.getuid?.() !== 0) {
    throw new Error(`Missing Debian packages: ${missing.join(", ")}. Run as root: ${command}`);
  }
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  log(`apt-get update (missing: ${missing.join(" ")})`);
  await run("apt-get", ["update"], { env });
  log(`apt-get install -y --no-install-recommends ${missing.join(" ")}`);
  await run("apt-get", ["install", "-y", "--no-install-recommends", ...missing], { env });
}

function link(target, path) {
  mkdirSync(dirname(path), { recursive: true });
  rmSync(path, { force: true });
  symlinkSync(target, path);
}

/**
 * node-gyp downloads Node's headers from nodejs.org, which is unreachable here; Debian's nodejs
 * ships them under /usr/include/node, usable when they are the running Node's own.
 */
function nativeBuildEnv() {
  const header = "/usr/include/node/node_version.h";
  if (!existsSync(header)) return {};
  const text = readFileSync(header, "utf8");
  const part = (name) => new RegExp(`#define NODE_${name}_VERSION (\\d+)`).exec(text)?.[1];
  return `v${part("MAJOR")}.${part("MINOR")}.${part("PATCH")}` === process.version ? { npm_config_nodedir: "/usr" } : {};
}

/** Idempotent: a marker written after the last step makes later calls return at once. */
export async function ensureCodeServer({ cacheDir = join(root, ".cache/code-server"), log = quiet } = {}) {
  const marker = join(cacheDir, `installed-${CODE_SERVER_VERSION}`);
  const executable = join(cacheDir, "node_modules/.bin/code-server");
  if (existsSync(marker) && existsSync(executable)) return executable;

  // Without a marker the folder may hold a half-finished install: start again from nothing. Only our
  // own entries are removed, so a mistaken cacheDir never loses unrelated files.
  for (const name of ["node_modules", "package.json", "package-lock.json"]) rmSync(join(cacheDir, name), { recursive: true, force: true });
  mkdirSync(cacheDir, { recursive: true });
  // Its own package.json, or npm would walk up and install into the repository's node_modules.
  writeFileSync(join(cacheDir, "package.json"), `${JSON.stringify({ private: true, description: "code-server cache for end-to-end tests" }, null, 2)}\n`);

  const npm = ["--no-audit", "--no-fund"];
  const native = nativeBuildEnv();
  const vscode = join(cacheDir, "node_modules/code-server/lib/vscode");
  const steps = [
    // code-server's own install scripts fail offline, so they are skipped and the natives rebuilt one by one.
    [`npm install code-server@${CODE_SERVER_VERSION}`, () => run("npm", ["install", "--ignore-scripts", ...npm, `code-server@${CODE_SERVER_VERSION}`], { cwd: cacheDir })],
    ["npm rebuild argon2", () => run("npm", ["rebuild", "argon2"], { cwd: cacheDir, env: native })],
    ["lib/vscode: npm install", () => run("npm", ["install", "--omit=dev", "--ignore-scripts", ...npm], { cwd: vscode })],
    // npm_config_yes lets node-pty's post-install run `npx node-gyp` without a prompt. JOBS=max:
    // node-gyp compiles with one make job per core (one job by default), the longest step of a
    // first `npm start` (68 s of 127 s on 2 cores).
    [
      "lib/vscode: npm rebuild native modules",
      () =>
        run("npm", ["rebuild", "kerberos", "node-pty", "@parcel/watcher", "@vscode/spdlog", "@vscode/deviceid", "native-watchdog"], {
          cwd: vscode,
          env: { ...native, npm_config_yes: "true", JOBS: "max" },
        }),
    ],
    // @vscode/ripgrep would download its binary from GitHub; Debian's rg is the same program.
    ["lib/vscode: link /usr/bin/rg", () => link("/usr/bin/rg", join(vscode, "node_modules/@vscode/ripgrep/bin/rg"))],
    // The server expects the packaged layout (asar, CLI and helper names of a release build).
    [
      "lib/vscode: link node_modules.asar, remote-cli, helpers",
      () => {
        link("node_modules", join(vscode, "node_modules.asar"));
        link("code-linux.sh", join(vscode, "bin/remote-cli/code-server"));
        link("browser-linux.sh", join(vscode, "bin/helpers/browser.sh"));
      },
    ],
    ["lib/vscode/extensions: npm install", () => run("npm", ["install", "--omit=dev", ...npm], { cwd: join(vscode, "extensions") })],
  ];
  for (const [index, [title, step]] of steps.entries()) {
    const started = Date.now();
    log(`code-server install ${index + 1}/${steps.length}: ${title}`);
    await step();
    log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (!existsSync(executable)) throw new Error(`code-server install finished but ${executable} is missing`);
  writeFileSync(marker, `${new Date().toISOString()}\n`);
  return executable;
}

/** Anything that opens on its own would cover the editor a test wants to drive. */
export const QUIET_SETTINGS = {
  "security.workspace.trust.enabled": false,
  "security.workspace.trust.startupPrompt": "never",
  "workbench.startupEditor": "none",
  "workbench.welcomePage.walkthroughs.openOnInstall": false,
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "workbench.settings.enableNaturalLanguageSearch": false,
  "window.restoreWindows": "none",
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoUpdate": false,
  "extensions.autoCheckUpdates": false,
  "extensions.ignoreRecommendations": true,
  "chat.commandCenter.enabled": false,
  "git.enabled": false,
  "git.openRepositoryInParentFolders": "never",
  "files.autoSave": "off",
};

function writeUserData(userDataDir, settings, { keepExisting = false } = {}) {
  const path = join(userDataDir, "User/settings.json");
  if (keepExisting && existsSync(path)) return;
  mkdirSync(join(userDataDir, "User"), { recursive: true });
  writeFileSync(path, `${JSON.stringify(settings, null, 2)}\n`);
}

/** Arguments shared by every code-server invocation: its own config file keeps ~/.config untouched. */
function commonArgs({ userDataDir, extensionsDir }) {
  const config = join(userDataDir, "code-server.yaml");
  if (!existsSync(config)) writeFileSync(config, "auth: none\ncert: false\n");
  return ["--config", config, "--user-data-dir", userDataDir, "--extensions-dir", extensionsDir];
}

/**
 * code-server writes logs under $XDG_DATA_HOME whatever --user-data-dir says, and a terminal's
 * VSCODE_IPC_HOOK_CLI would make it hand the folder to another instance instead of starting.
 */
function commonEnv({ userDataDir }) {
  const env = { ...process.env, XDG_DATA_HOME: join(userDataDir, "xdg-data"), XDG_CONFIG_HOME: join(userDataDir, "xdg-config") };
  delete env.VSCODE_IPC_HOOK_CLI;
  return env;
}

function waitForExit(child, timeoutMs) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once no process of the group is left (children of code-server outlive its main process). */
async function waitForGroupGone(pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (groupAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * Starts code-server on 127.0.0.1 for `folder` and resolves when it says it is listening.
 * Missing directories are created (temporary ones when not given); the caller must call stop().
 * User settings are QUIET_SETTINGS plus `settings`, unless `keepExistingSettings` and the profile
 * already has a settings file. `extraArgs`: more code-server arguments (e.g. `--log trace`).
 */
export async function startCodeServer({
  executable,
  folder,
  userDataDir,
  extensionsDir,
  port = 0,
  settings = {},
  keepExistingSettings = false,
  timeoutMs = 60_000,
  log = quiet,
  extraArgs = [],
}) {
  const ownUserDataDir = userDataDir === undefined;
  userDataDir ??= mkdtempSync(join(tmpdir(), "fsdoc-code-server-user-"));
  extensionsDir ??= join(userDataDir, "extensions");
  mkdirSync(extensionsDir, { recursive: true });
  // A long-lived profile (npm start) keeps what its user changed; test profiles start from ours.
  writeUserData(userDataDir, { ...QUIET_SETTINGS, ...settings }, { keepExisting: keepExistingSettings });
  const chosenPort = port || (await freePort());
  const args = [
    ...commonArgs({ userDataDir, extensionsDir }),
    "--bind-addr",
    `127.0.0.1:${chosenPort}`,
    "--auth",
    "none",
    "--disable-telemetry",
    "--disable-update-check",
    "--disable-workspace-trust",
    "--disable-getting-started-override",
    "--ignore-last-opened",
    ...extraArgs,
    folder,
  ];
  const child = spawn(executable, args, { stdio: ["ignore", "pipe", "pipe"], detached: true, env: commonEnv({ userDataDir }) });
  if (child.pid === undefined) await new Promise((_, reject) => child.once("error", reject));
  const untrack = trackGroup(child.pid);
  let output = "";
  const stop = async () => {
    if (groupAlive(child.pid)) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
      await waitForExit(child, 10_000);
      if (!(await waitForGroupGone(child.pid, 10_000))) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          /* already gone */
        }
        await waitForGroupGone(child.pid, 5_000);
      }
    }
    untrack();
    if (ownUserDataDir) rmSync(userDataDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`code-server did not report "HTTP server listening" within ${timeoutMs} ms\n${output}`)), timeoutMs);
      let listening = false;
      // Output keeps being collected after start-up, for output() when a test needs to explain a failure.
      const onData = (chunk) => {
        output += chunk;
        for (const line of chunk.toString().split("\n")) if (line.trim()) log(`[code-server] ${line.trim()}`);
        const match = listening ? null : /HTTP server listening on (http:\/\/[^\s]+)/.exec(output);
        if (match) {
          listening = true;
          clearTimeout(timer);
          resolve(match[1].replace(/\/$/, ""));
        }
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`code-server exited (${signal ?? `exit ${code}`}) before listening\n${output}`));
      });
    });
    return { url, process: child, userDataDir, extensionsDir, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Development-host mode does not exist in code-server, so tests install the packaged .vsix. */
export async function installExtension({ executable, vsix, extensionsDir, userDataDir }) {
  const ownUserDataDir = userDataDir === undefined;
  userDataDir ??= mkdtempSync(join(tmpdir(), "fsdoc-code-server-user-"));
  mkdirSync(extensionsDir, { recursive: true });
  mkdirSync(userDataDir, { recursive: true });
  try {
    const output = await run(executable, [...commonArgs({ userDataDir, extensionsDir }), "--install-extension", vsix, "--force"], {
      env: commonEnv({ userDataDir }),
      timeoutMs: 120_000,
    });
    // A failed install exits non-zero (e.g. engines.vscode above 1.100.3); the success line is
    // required as well so that a run that silently installed nothing is not taken for success.
    if (!/successfully installed/i.test(output)) throw new Error(`Installing ${vsix} failed:\n${output}`);
    return output;
  } finally {
    if (ownUserDataDir) rmSync(userDataDir, { recursive: true, force: true });
  }
}
