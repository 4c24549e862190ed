// The npm package others install (package.json `files` and `bin`): packed as `npm pack` packs it,
// prepare script included, it holds only what runs, built for production; installed from the
// tarball into an empty prefix, or run with npx, its two commands work there, far from this
// repository and its node_modules.

import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { createProtocolConnection, ExitNotification, InitializeRequest, ShutdownRequest, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node";
import { repoRoot } from "../support/paths";

/** What runs: the two commands, the XLSX writer the server loads beside itself, and the published schemas. */
const RUNS = /^(package\.json|README\.md|LICENSE|dist\/(cli|server|exceljs)\.js|schema\/0\.2\/[\w.-]+\.json)$/;
/** What the package's build reads: the sources of the two commands and the build script. */
const SOURCES = [
  "package.json",
  "README.md",
  "LICENSE",
  "tsconfig.base.json",
  "cli",
  "server",
  "shared",
  "protocol",
  "schema",
  "l10n",
  "scripts/build.mjs",
  "scripts/lib/web-bundles.mjs",
];

let dir = "";
let tarball = "";
let files: string[] = [];
let prefix = "";
/** The packed bundles, read from the tarball as installed. */
const packed = (path: string) => readFileSync(join(prefix, "lib", "node_modules", "fs-documents", path), "utf8");
/** npm with a cache of its own, so that nothing comes from (or goes to) the user's. */
const npm = (args: string[], cwd: string) =>
  execFileSync("npm", [...args, "--cache", join(dir, "npm-cache"), "--no-audit", "--no-fund", "--no-update-notifier"], { cwd, encoding: "utf8" });

before(() => {
  dir = mkdtempSync(join(tmpdir(), "fsdoc-package-"));
  // npm pack runs the prepare script, which rebuilds dist/: in a copy of the sources, so that the
  // other tests keep running on the build npm test has just made.
  const source = join(dir, "source");
  for (const path of SOURCES) if (existsSync(join(repoRoot, path))) cpSync(join(repoRoot, path), join(source, path), { recursive: true });
  symlinkSync(join(repoRoot, "node_modules"), join(source, "node_modules"));
  const [result] = JSON.parse(npm(["pack", "--json", "--pack-destination", dir], source)) as { filename: string; files: { path: string }[] }[];
  tarball = join(dir, result!.filename);
  files = result!.files.map((file) => file.path);
  prefix = join(dir, "prefix");
  npm(["install", "--global", "--prefix", prefix, "--ignore-scripts", tarball], dir);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test("the package holds only what runs: the bundles, the schemas, README, LICENSE", () => {
  assert.deepEqual(
    files.filter((path) => !RUNS.test(path)),
    [],
  );
  for (const needed of ["dist/cli.js", "dist/server.js", "dist/exceljs.js", "schema/0.2/fs-document.schema.json", "README.md", "LICENSE"])
    assert.ok(files.includes(needed), `${needed} is packed`);
});

test("the packed bundles are the production build: minified, without source maps", () => {
  for (const bundle of ["dist/cli.js", "dist/server.js"]) {
    const text = packed(bundle);
    assert.doesNotMatch(text, /\/\/# sourceMappingURL=/, `${bundle} points at no source map`);
    // esbuild's development output is indented, one statement a line (about 40 characters on
    // average); minified, lines run to thousands of characters.
    const lines = text.split("\n");
    assert.ok(text.length / lines.length > 500, `${bundle} is minified: ${lines.length} lines for ${text.length} characters`);
    assert.ok(text.startsWith("#!/usr/bin/env node"), `${bundle} keeps its shebang`);
  }
  // The development build is several times larger: the minified one is what the tarball holds.
  const development = statSync(join(repoRoot, "dist/server.js")).size;
  assert.ok(packed("dist/server.js").length < development / 2, `server.js ${packed("dist/server.js").length} bytes packed, ${development} in the development build`);
});

test("fsdoc from the installed package validates a conforming and a nonconforming document", () => {
  const fsdoc = join(prefix, "bin", "fsdoc");
  const conforming = spawnSync(fsdoc, ["validate", join(repoRoot, "fixtures/examples/minimal.json")], { cwd: dir, encoding: "utf8" });
  assert.equal(conforming.status, 0, conforming.stderr);
  assert.equal((JSON.parse(conforming.stdout) as { conformance: { status: string } }).conformance.status, "conforming");
  const nonconforming = spawnSync(fsdoc, ["validate", "--format", "text", join(repoRoot, "fixtures/invalid/cyclic-rollup.json")], { cwd: dir, encoding: "utf8" });
  assert.equal(nonconforming.status, 1, nonconforming.stderr);
  assert.match(nonconforming.stdout, /cyclic-rollup\.json:\d+:\d+: error /);
});

test("fsdoc-language-server --stdio from the installed package answers initialize with its capabilities", async () => {
  const child = spawn(join(prefix, "bin", "fsdoc-language-server"), ["--stdio"], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.listen();
  try {
    const { capabilities } = await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} });
    assert.ok(capabilities.hoverProvider, "hover");
    assert.ok(capabilities.completionProvider, "completion");
    assert.ok(capabilities.codeActionProvider, "code actions");
    assert.ok(capabilities.renameProvider, "rename");
    await connection.sendRequest(ShutdownRequest.type);
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    await connection.sendNotification(ExitNotification.type);
    assert.equal(await exited, 0);
  } finally {
    connection.dispose();
    child.kill();
  }
});

test("npx runs fsdoc from the tarball", () => {
  const output = npm(["exec", "--yes", `--package=${tarball}`, "--", "fsdoc", "--version"], dir);
  assert.equal(output.trim(), (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version);
});

test("the README's Git set-up, in a project that has the package as a dev dependency: git diff shows cell lines", () => {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  // The commands a user copies: the install's flags and the textconv, as the README words them.
  const textconv = /git config diff\.fsdoc\.textconv "([^"]+)"/.exec(readme)?.[1];
  assert.ok(textconv, "the README gives a textconv command");
  assert.match(readme, /npm install --save-dev \/path\/to\/fs-documents-[\d.]+\.tgz/, "the README says to add the package first");
  const project = join(dir, "project");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "books", private: true }));
  npm(["install", "--save-dev", "--ignore-scripts", tarball], project);
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: project, encoding: "utf8" });
  git("init", "-q");
  writeFileSync(join(project, ".gitattributes"), "*.fs.json diff=fsdoc\n");
  git("config", "diff.fsdoc.textconv", textconv);
  const document = readFileSync(join(repoRoot, "fixtures/examples/minimal.json"), "utf8");
  writeFileSync(join(project, "books.fs.json"), document);
  git("add", ".gitattributes", "books.fs.json");
  git("commit", "-q", "-m", "books");
  const changed = document.replace('"at-2025": "1200"', '"at-2025": "1201"');
  assert.notEqual(changed, document, "the fixture has a value to change");
  writeFileSync(join(project, "books.fs.json"), changed);
  const diff = git("diff", "books.fs.json");
  assert.match(diff, /^-.*Cash and cash equivalents.*\| 1,200 GBP$/m, `the old cell's line:\n${diff}`);
  assert.match(diff, /^\+.*Cash and cash equivalents.*\| 1,201 GBP$/m, `the new cell's line:\n${diff}`);
  assert.doesNotMatch(diff, /^[-+]\s*"at-2025"/m, "no JSON line");
});

test("the build leaves both commands executable in dist/: an editor's server command or ./dist/cli.js runs them directly", () => {
  const version = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
  assert.equal(execFileSync(join(repoRoot, "dist/cli.js"), ["--version"], { encoding: "utf8" }).trim(), version);
  // The server has no --version: its mode is what an editor's launch needs (it then speaks LSP on stdio).
  assert.notEqual(statSync(join(repoRoot, "dist/server.js")).mode & 0o111, 0, "dist/server.js is executable");
});
