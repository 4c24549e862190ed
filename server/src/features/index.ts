// Every editor feature, each in its own module with a register function and its capabilities.

import type { ServerCapabilities } from "vscode-languageserver/node";
import type { ServerContext } from "../context";
import { registerRequests } from "./requests";
import { registerPreview } from "../preview/register";
import { registerCodeLens } from "./codeLens";
import { registerHover } from "./hover";
import { registerSymbols } from "./symbols";
import { completionCapabilities, registerCompletion } from "./completion";
import { navigationCapabilities, registerNavigation } from "./navigation";
import { codeActionCapabilities, registerCodeActions } from "./codeActions";

export const featureCapabilities: ServerCapabilities = {
  codeLensProvider: { resolveProvider: false },
  hoverProvider: true,
  documentSymbolProvider: true,
  ...completionCapabilities,
  ...navigationCapabilities,
  ...codeActionCapabilities,
};

export function registerFeatures(context: ServerContext): void {
  registerRequests(context);
  registerPreview(context);
  registerCodeLens(context);
  registerHover(context);
  registerSymbols(context);
  registerCompletion(context);
  registerNavigation(context);
  registerCodeActions(context);
}
