// Starts the language server's Worker. Its script is built into this bundle as text
// (scripts/lib/web-bundles.mjs, embeddedServerPlugin) and started from a blob URL: code-server refuses
// `new Worker(<extension file URL>)` ("Creating workers from remote extensions is currently not
// supported"), and reading a script file through workspace.fs first cost seconds of a cold start
// there. A blob URL works in every web host (vscode.dev, github.dev, code-server).

import SERVER_SCRIPT from "fs-web-server-source";

export interface ServerWorker {
  readonly worker: Worker;
  dispose(): void;
}

export function startServerWorker(): ServerWorker {
  const url = URL.createObjectURL(new Blob([SERVER_SCRIPT], { type: "text/javascript" }));
  const worker = new Worker(url, { name: "FS Documents language server" });
  // The URL lives as long as the worker: revoked with it (the client terminates the worker on stop).
  return {
    worker,
    dispose: () => {
      worker.terminate();
      URL.revokeObjectURL(url);
    },
  };
}
