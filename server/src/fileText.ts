// The Node server's reader for fs/openAhead (lsp/openAhead.ts): a local file's text as VS Code
// would show it, or undefined when it is not one to read ahead. VS Code decodes UTF-8 without its
// byte order mark; a file that is not valid UTF-8 (another encoding) is left to the didOpen.

import { readFile, stat } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { isOpenAheadSize } from "../../protocol/lsp";

export async function readFileText(uri: string): Promise<string | undefined> {
  try {
    if (!uri.startsWith("file:")) return undefined;
    const path = fileURLToPath(uri);
    const info = await stat(path);
    if (!info.isFile() || !isOpenAheadSize(info.size)) return undefined;
    const bytes = await readFile(path);
    return isOpenAheadSize(bytes.length) ? new TextDecoder("utf-8", { fatal: true }).decode(bytes) : undefined;
  } catch {
    // Gone, unreadable, not a path on this machine, or not UTF-8.
    return undefined;
  }
}
