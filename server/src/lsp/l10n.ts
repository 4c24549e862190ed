// The display language the client announces in initializationOptions (protocol/lsp.ts): its string
// bundle feeds @vscode/l10n, which every message (the engine's included) is looked up through, and
// its locale gives the numbers' and dates' conventions. Without them the server speaks English
// with neutral numbers, as the CLI does.

import * as l10n from "@vscode/l10n";
import type { FsInitializationOptions } from "../../../protocol/lsp";
import { displayFormat, type DisplayFormat } from "../../../shared/src/render/localeFormat";

export function configureLanguage(options: unknown): DisplayFormat {
  const { locale, l10nBundle } = (typeof options === "object" && options !== null ? options : {}) as FsInitializationOptions;
  if (typeof l10nBundle === "object" && l10nBundle !== null && !Array.isArray(l10nBundle)) l10n.config({ contents: l10nBundle });
  return displayFormat(typeof locale === "string" ? locale : undefined);
}
