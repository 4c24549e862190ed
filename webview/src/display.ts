// The display language the extension wrote into the page shell (client/src/preview/shell.ts): the
// string bundle (data-l10n) feeds @vscode/l10n, which the page's own words and the shared
// preview code are looked up through, and the locale (data-locale) gives numbers and dates their
// conventions. Read once, when the script starts: a webview cannot call vscode.l10n itself.

import * as l10n from "@vscode/l10n";
import { displayFormat, type DisplayFormat } from "../../shared/src/render/localeFormat";

function pageLanguage(body: HTMLElement): DisplayFormat {
  const bundle = body.dataset.l10n;
  if (bundle !== undefined && bundle !== "") {
    try {
      const contents: unknown = JSON.parse(bundle);
      if (typeof contents === "object" && contents !== null && !Array.isArray(contents)) l10n.config({ contents: contents as Record<string, string> });
    } catch {
      // A malformed bundle: the page speaks English.
    }
  }
  return displayFormat(body.dataset.locale === "" ? undefined : body.dataset.locale);
}

export const display: DisplayFormat = pageLanguage(document.body);
