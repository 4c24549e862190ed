// A second `npm start` while one serves this checkout's profile points at the first instead of
// starting another code-server on the same user data (scripts/lib/runningStart.mjs); a record left by
// a start that was killed, or garbage, is ignored.

import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { recordRunningStart, runningStart } from "../../scripts/lib/runningStart.mjs";
import { repoRoot } from "../support/paths";

/** A process that holds a port on 127.0.0.1, as code-server would; resolves once it listens. */
function portHolder(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["-e", 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>console.log(s.address().port))'], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.stdout!.once("data", (data: Buffer) => resolve({ child, port: Number(data.toString().trim()) }));
  });
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill();
  });
}

test("a running start is found while its process lives and holds its port; not once it is gone, nor from garbage", async () => {
  const dir = mkdtempSync(join(tmpdir(), "fs-start-running-"));
  const file = join(dir, "running.json");
  const { child, port } = await portHolder();
  try {
    assert.equal(await runningStart(file), undefined, "no record");
    writeFileSync(file, JSON.stringify({ pid: child.pid, port, url: `http://127.0.0.1:${port}` }));
    assert.deepEqual(await runningStart(file), { pid: child.pid, port, url: `http://127.0.0.1:${port}` });
    writeFileSync(file, "{ not json");
    assert.equal(await runningStart(file), undefined);
    writeFileSync(file, JSON.stringify({ pid: child.pid, port: "x", url: 1 }));
    assert.equal(await runningStart(file), undefined);
    writeFileSync(file, JSON.stringify({ pid: child.pid, port, url: `http://127.0.0.1:${port}` }));
    await stopped(child);
    assert.equal(await runningStart(file), undefined, "its process is gone and its port free");
  } finally {
    await stopped(child);
    rmSync(dir, { recursive: true, force: true });
  }
});

test("this process's own record is not a running start, and forgetting removes only its own", async () => {
  const dir = mkdtempSync(join(tmpdir(), "fs-start-running-"));
  const file = join(dir, "running.json");
  try {
    const forget = recordRunningStart(file, { port: 1, url: "http://127.0.0.1:1" });
    assert.equal(JSON.parse(readFileSync(file, "utf8")).pid, process.pid);
    assert.equal(await runningStart(file), undefined);
    forget();
    assert.equal(existsSync(file), false);
    writeFileSync(file, JSON.stringify({ pid: process.pid + 1, port: 1, url: "x" }));
    forget();
    assert.equal(existsSync(file), true, "another start's record stays");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("npm start, run while another serves the same profile, names the first one's address and stops before any work", async () => {
  const profile = mkdtempSync(join(tmpdir(), "fs-start-profile-"));
  const { child, port } = await portHolder();
  try {
    const url = `http://127.0.0.1:${port}`;
    writeFileSync(join(profile, "running.json"), JSON.stringify({ pid: child.pid, port, url }));
    const second = spawnSync(process.execPath, [join(repoRoot, "scripts/start.mjs")], {
      encoding: "utf8",
      timeout: 30_000,
      env: { ...process.env, FS_DOCUMENTS_PROFILE: profile, PORT: "" },
    });
    assert.equal(second.status, 0, second.stderr);
    assert.match(second.stdout, new RegExp(`^FS Documents is already running in VS Code at ${url}/\\?folder=`));
    assert.match(second.stdout, new RegExp(`another npm start, process ${child.pid}`));
    assert.doesNotMatch(second.stdout, /code-server: making sure/);
  } finally {
    await stopped(child);
    rmSync(profile, { recursive: true, force: true });
  }
});
