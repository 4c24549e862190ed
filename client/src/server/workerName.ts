// The name the web extension gives its language server's Worker (DevTools and the editor
// benchmark, test/e2e/bench/main.ts, tell it from VS Code's own workers by it). A module of its own:
// client/src/browser/serverWorker.ts imports the bundled scripts, which only the web build provides.

export const SERVER_WORKER_NAME = "FS Documents language server";
