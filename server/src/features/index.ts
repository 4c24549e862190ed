// Every editor feature, each in its own module with a register function and its capabilities.

import type { ServerCapabilities } from "vscode-languageserver/node";
import type { ServerContext } from "../context";
import { registerRequests } from "./requests";

export const featureCapabilities: ServerCapabilities = {};

export function registerFeatures(context: ServerContext): void {
  registerRequests(context);
}
