// For `npm run bench:editor` (test/e2e/bench/): how late the extension host's timers fire (a stall
// blocks every extension, ours included, and is what VS Code calls "unresponsive"), and the extension
// host's memory after a forced garbage collection. Started only when fsE2e.benchProbe is on.
"use strict";
const inspector = require("node:inspector");
const v8 = require("node:v8");
const vm = require("node:vm");

const TICK_MS = 20;
const STALL_MS = 50;

let gc;
function forceGc() {
  if (gc === undefined) {
    try {
      // The extension host is not started with --expose-gc; the flag can still be set at run time.
      v8.setFlagsFromString("--expose-gc");
      gc = vm.runInNewContext("gc");
    } catch {
      gc = null;
    }
  }
  if (typeof gc === "function") {
    gc();
    gc();
    return true;
  }
  return false;
}

function startProbe() {
  let expected = Date.now() + TICK_MS;
  let maxLagMs = 0;
  let stalls = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    const lag = now - expected;
    if (lag > maxLagMs) maxLagMs = lag;
    if (lag > STALL_MS) stalls++;
    expected = now + TICK_MS;
  }, TICK_MS);
  return {
    /** What was seen since the last read; then starts again from nothing. */
    read({ collect }) {
      const result = { maxLagMs, stalls, stallThresholdMs: STALL_MS };
      maxLagMs = 0;
      stalls = 0;
      if (collect) {
        result.gcForced = forceGc();
        result.memory = process.memoryUsage();
      }
      return result;
    },
    dispose() {
      clearInterval(timer);
    },
  };
}

/** A CPU profile of this extension host (every extension's code and VS Code's own), from start to stop. */
function startHostProfile() {
  const session = new inspector.Session();
  session.connect();
  const post = (method, params = {}) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  const started = post("Profiler.enable")
    .then(() => post("Profiler.setSamplingInterval", { interval: 1000 }))
    .then(() => post("Profiler.start"));
  return {
    async stop() {
      await started;
      try {
        return (await post("Profiler.stop")).profile;
      } finally {
        session.disconnect();
      }
    },
  };
}

/**
 * What activating `extension` costs this extension host: the time its activate() promise takes
 * (loading its bundle and running its activate function), and the host's memory after a forced
 * garbage collection before and after. Nothing is measured when it is already active.
 */
async function measureActivation(extension) {
  if (extension === undefined) return { error: "the extension is not installed" };
  if (extension.isActive) return { alreadyActive: true };
  const gcForced = forceGc();
  const before = process.memoryUsage();
  const started = performance.now();
  await extension.activate();
  const activateMs = performance.now() - started;
  forceGc();
  const after = process.memoryUsage();
  return { alreadyActive: false, gcForced, activateMs, heapUsedBytes: after.heapUsed - before.heapUsed, rssBytes: after.rss - before.rss };
}

module.exports = { measureActivation, startProbe, startHostProfile };
