// The display language the client announces in initializationOptions (protocol/lsp.ts): its string
// bundle feeds @vscode/l10n, which every message (the engine's included) is looked up through, and
// its locale gives the numbers' and dates' conventions (the preview model's dates included).
// Without them the server speaks English with neutral numbers and ISO dates, as the CLI does.

import * as l10n from "@vscode/l10n";
import type { FsInitializationOptions } from "../../../protocol/lsp";
import { displayFormat, type DisplayFormat } from "../../../shared/src/render/localeFormat";
import { setPreviewDates } from "../../../shared/src/render/previewModel";

export function configureLanguage(options: unknown): DisplayFormat {
  const { locale, l10nBundle } = (typeof options === "object" && options !== null ? options : {}) as FsInitializationOptions;
  if (typeof l10nBundle === "object" && l10nBundle !== null && !Array.isArray(l10nBundle)) l10n.config({ contents: l10nBundle });
  const display = displayFormat(typeof locale === "string" ? locale : undefined);
  // The preview's model names periods in its titles as the page's column headings do.
  setPreviewDates(display.date);
  return display;
}
