// The web-worker extension host in code-server: FS Documents and the e2e runner forced into it
// (`remote.extensionKind` … ["web"], as vscode.dev and github.dev run them), so the extension runs
// from its `browser` entry and the language server in a Worker (../shared/notes/web-extension-here.md).
// Used by the web e2e suite and by `npm run bench:editor -- --host web`.

export const WEB_WORKER_SETTINGS = {
  "remote.extensionKind": { "fs-documents.fs-documents": ["web"], "fs-documents-tests.fs-documents-e2e-runner": ["web"] },
};
