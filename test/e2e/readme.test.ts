// The README's path on a fresh clone with a fresh npm cache, as a newcomer takes it: `npm install`,
// then `npm start` (up to the address it prints), then every command of the README's "On the
// command line" block, exactly as written there. The walkthrough's steps, the rest of that path,
// run in the real editor in firstHour.test.ts.
//
// The clone is a `git clone` of this repository (what is committed), into a temporary folder; npm's
// cache is a fresh temporary folder too, so nothing a developer's machine has cached (a package, an
// `npx` install of this one) hides a step that fails for a newcomer. code-server is not installed
// again: the clone's .cache/code-server links to this repository's, when it is installed.

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { repoRoot } from "../support/paths";
import { timings } from "./harness";

const INSTALL_TIMEOUT_MS = 20 * 60_000;
const START_TIMEOUT_MS = 10 * 60_000;
const COMMAND_TIMEOUT_MS = 2 * 60_000;

/** The shell commands of the README's fenced block under `heading`, each without its trailing comment. */
export function readmeCommands(readme: string, heading: string): string[] {
  const section = readme.slice(readme.indexOf(`\n${heading}\n`));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  assert.ok(section.length > heading.length && block !== null, `the README has a sh block under ${heading}`);
  return block[1]!
    .split("\n")
    .map((line) => line.replace(/\s+#\s.*$/, "").trim())
    .filter((line) => line !== "");
}

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

describe("the README's path on a fresh clone with a fresh npm cache", { timeout: INSTALL_TIMEOUT_MS + START_TIMEOUT_MS + 10 * COMMAND_TIMEOUT_MS }, () => {
  let scratch = "";
  let clone = "";
  let env: NodeJS.ProcessEnv = {};
  let skipReason: string | undefined;
  let installed: Ran | undefined;

  const shell = (command: string, timeout = COMMAND_TIMEOUT_MS): Ran => {
    const started = Date.now();
    const result = spawnSync("sh", ["-c", command], { cwd: clone, env, encoding: "utf8", timeout, stdio: ["ignore", "pipe", "pipe"] });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr, ms: Date.now() - started };
  };

  before(
    () => {
      if (spawnSync("git", ["--version"]).status !== 0) {
        skipReason = "git is not installed";
        return;
      }
      scratch = mkdtempSync(join(tmpdir(), "fsdoc-readme-"));
      clone = join(scratch, "fs-documents");
      const cloned = spawnSync("git", ["clone", "--quiet", repoRoot, clone], { encoding: "utf8" });
      assert.equal(cloned.status, 0, cloned.stderr);
      // The conformance suite sits beside the repository (../shared), as in a checkout.
      if (existsSync(join(repoRoot, "..", "shared"))) symlinkSync(join(repoRoot, "..", "shared"), join(scratch, "shared"));
      const cache = join(scratch, "npm-cache");
      mkdirSync(cache);
      // A fresh npm cache (npx installs there too); no update check, no funding or audit chatter.
      env = { ...process.env, npm_config_cache: cache, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" };
      delete env.npm_lifecycle_event;
      delete env.npm_lifecycle_script;
      installed = shell("npm install", INSTALL_TIMEOUT_MS);
      timings["readme: npm install (fresh clone, fresh cache)"] = installed.ms / 1000;
    },
    { timeout: INSTALL_TIMEOUT_MS },
  );

  after(() => {
    if (scratch !== "") rmSync(scratch, { recursive: true, force: true });
  });

  it("npm install succeeds and says nothing the user must act on", (t) => {
    if (skipReason !== undefined) return t.skip(skipReason);
    assert.equal(installed?.status, 0, `npm install failed:\n${installed?.stderr}`);
    t.diagnostic(`npm install on a fresh clone with a fresh cache: ${((installed?.ms ?? 0) / 1000).toFixed(1)} s`);
    // npm 11 lists dependency install scripts that package.json's allowScripts has not reviewed.
    assert.doesNotMatch(installed?.stderr ?? "", /not yet covered by allowScripts/);
  });

  it("npm start serves VS Code with the examples and prints its address", { timeout: START_TIMEOUT_MS }, async (t) => {
    if (skipReason !== undefined) return t.skip(skipReason);
    const codeServer = join(repoRoot, ".cache", "code-server");
    if (!existsSync(codeServer) || !readdirSync(codeServer).some((name) => name.startsWith("installed-"))) {
      return t.skip("code-server is not installed in this repository's .cache");
    }
    mkdirSync(join(clone, ".cache"), { recursive: true });
    symlinkSync(codeServer, join(clone, ".cache", "code-server"));
    const started = Date.now();
    const child = spawn("npm", ["start"], { cwd: clone, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm start printed no address within ${START_TIMEOUT_MS / 60_000} min:\n${output}`)), START_TIMEOUT_MS - 30_000);
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /running in VS Code at (http:\/\/127\.0\.0\.1:\d+\/\?folder=\S+)/.exec(output);
          if (match !== null) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        };
        child.stdout.on("data", read);
        child.stderr.on("data", read);
        child.once("exit", (code) => {
          clearTimeout(timer);
          reject(new Error(`npm start exited (${code}) before printing an address:\n${output}`));
        });
      });
      timings["readme: npm start to its address (code-server installed)"] = (Date.now() - started) / 1000;
      t.diagnostic(`npm start printed its address after ${((Date.now() - started) / 1000).toFixed(1)} s (code-server already installed)`);
      const response = await fetch(url);
      assert.equal(response.status, 200);
      assert.match(decodeURIComponent(url), /fixtures\/examples$/);
    } finally {
      if (child.pid !== undefined && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        process.kill(-child.pid, "SIGINT");
        await exited;
      }
    }
  });

  it("every command of the README's 'On the command line' works, as written, right after the set-up", { timeout: 10 * COMMAND_TIMEOUT_MS }, (t) => {
    if (skipReason !== undefined) return t.skip(skipReason);
    const commands = readmeCommands(readFileSync(join(clone, "README.md"), "utf8"), "## On the command line");
    assert.ok(commands.length >= 5, JSON.stringify(commands));
    for (const command of commands) {
      const ran = shell(command);
      t.diagnostic(`${command}: exit ${ran.status} in ${(ran.ms / 1000).toFixed(1)} s`);
      // Every command succeeds (exit 0, also for inconsistent rollups): never "fsdoc: not found" (127).
      assert.equal(ran.status, 0, `${command} → exit ${ran.status}\n${ran.stderr}`);
    }
    // What the commands were for: a new document, recorded, and the rendered example.
    const created = JSON.parse(readFileSync(join(clone, "my-company.json"), "utf8")) as { entity: { name: string }; validationSnapshot?: unknown };
    assert.equal(created.entity.name, "My Company Ltd");
    assert.ok(created.validationSnapshot !== undefined, "fsdoc record --in-place wrote the snapshot");
    assert.match(readFileSync(join(clone, "northwind.html"), "utf8"), /<table/);
  });
});
