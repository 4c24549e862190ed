// Every editor feature, each in its own module with a register function and its capabilities.

import type { ServerCapabilities } from "vscode-languageserver/node";
import type { ServerContext } from "../context";
import { registerRequests } from "./requests";
import { registerCodeLens } from "./codeLens";
import { registerHover } from "./hover";
import { registerSymbols } from "./symbols";
import { completionCapabilities, registerCompletion } from "./completion";
import { navigationCapabilities, registerNavigation } from "./navigation";
import { codeActionCapabilities, registerCodeActions } from "./codeActions";
import { registerRollupViews, rollupViewCapabilities } from "./rollupViews";

export const featureCapabilities: ServerCapabilities = {
  codeLensProvider: { resolveProvider: false },
  hoverProvider: true,
  documentSymbolProvider: true,
  ...completionCapabilities,
  ...navigationCapabilities,
  ...codeActionCapabilities,
  ...rollupViewCapabilities,
};

export function registerFeatures(context: ServerContext): void {
  registerRequests(context);
  registerCodeLens(context);
  registerHover(context);
  registerSymbols(context);
  registerCompletion(context);
  registerNavigation(context);
  registerCodeActions(context);
  registerRollupViews(context);
}
