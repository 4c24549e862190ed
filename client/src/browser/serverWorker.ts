// Starts the language server's Worker. Its script is built into this bundle as text
// (scripts/lib/web-bundles.mjs, embeddedServerPlugin) and started from a blob URL: code-server refuses
// `new Worker(<extension file URL>)` ("Creating workers from remote extensions is currently not
// supported"), and reading a script file through workspace.fs first cost seconds of a cold start
// there. A blob URL works in every web host (vscode.dev, github.dev, code-server).

import SERVER_SCRIPT from "fs-web-server-source";
import XLSX_SCRIPT, { SCRIPT_URL_GLOBAL as XLSX_SCRIPT_URL_GLOBAL } from "fs-web-xlsx-source";
import { SERVER_WORKER_NAME } from "../server/workerName";

export interface ServerWorker {
  readonly worker: Worker;
  dispose(): void;
}

export function startServerWorker(): ServerWorker {
  // The workbook library is a script of its own, which the Worker loads only for an XLSX import or
  // export; the Worker learns its URL from the global set before the server's script runs.
  const xlsxUrl = URL.createObjectURL(new Blob([XLSX_SCRIPT], { type: "text/javascript" }));
  const url = URL.createObjectURL(new Blob([`self.${XLSX_SCRIPT_URL_GLOBAL} = ${JSON.stringify(xlsxUrl)};\n`, SERVER_SCRIPT], { type: "text/javascript" }));
  const worker = new Worker(url, { name: SERVER_WORKER_NAME });
  // The URLs live as long as the worker: revoked with it (the client terminates the worker on stop).
  return {
    worker,
    dispose: () => {
      worker.terminate();
      URL.revokeObjectURL(url);
      URL.revokeObjectURL(xlsxUrl);
    },
  };
}
