// What the client said it can do (InitializeParams.capabilities), reduced to the few answers that
// depend on it. A missing or malformed capability means "cannot".

import type { ClientCapabilities } from "vscode-languageserver/node";

export interface ClientFeatures {
  /** completionItem.snippetSupport: completion may insert snippets with tab stops. */
  snippets: boolean;
  /** rename.prepareSupport: the client sends textDocument/prepareRename. */
  prepareRename: boolean;
}

export const NO_CLIENT_FEATURES: ClientFeatures = { snippets: false, prepareRename: false };

export function readClientFeatures(capabilities: ClientCapabilities | undefined): ClientFeatures {
  const textDocument = capabilities?.textDocument;
  return {
    snippets: textDocument?.completion?.completionItem?.snippetSupport === true,
    prepareRename: textDocument?.rename?.prepareSupport === true,
  };
}
