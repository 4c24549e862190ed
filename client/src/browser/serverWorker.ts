// Starts the language server's Worker. code-server refuses `new Worker(<extension file URL>)`
// ("Creating workers from remote extensions is currently not supported"), and vscode.dev accepts
// either, so the one path taken everywhere is the one that works everywhere: the script is read
// through workspace.fs and started from a blob URL.

import * as vscode from "vscode";

export interface ServerWorker extends vscode.Disposable {
  readonly worker: Worker;
}

export async function startServerWorker(script: vscode.Uri): Promise<ServerWorker> {
  const bytes = await vscode.workspace.fs.readFile(script);
  const url = URL.createObjectURL(new Blob([new TextDecoder().decode(bytes)], { type: "text/javascript" }));
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
