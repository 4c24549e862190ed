// What kind of file the import was given, from its bytes, before any library parses it: so that a
// legacy .xls, an encrypted workbook, a truncated zip or a zip bomb gets a one-line reason rather
// than a library's exception, and nothing large is inflated before the size is known.
//
// An XLSX is a zip. Its central directory (at the end of the file) lists every part with its
// inflated size, so the cap on what reading it would take is checked without inflating anything.
// A legacy binary workbook (.xls) and an encrypted OOXML workbook are both OLE compound files
// (signature D0 CF 11 E0); an encrypted one holds an "EncryptionInfo" stream.

import * as l10n from "@vscode/l10n";
export const IMPORT_LIMITS = {
  /** The file's own size. */
  fileBytes: 64 * 1024 * 1024,
  /** The zip's parts inflated, together: what the reader holds in memory. */
  inflatedBytes: 256 * 1024 * 1024,
  /** Zip entries. */
  entries: 10_000,
} as const;

export type Container = { kind: "zip" } | { kind: "text" } | { kind: "refused"; reason: string };

const MiB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MiB`;

export function sniff(bytes: Uint8Array, name: string): Container {
  if (bytes.length === 0) return { kind: "refused", reason: l10n.t("{0} is empty", name) };
  if (bytes.length > IMPORT_LIMITS.fileBytes)
    return { kind: "refused", reason: l10n.t("{0} is {1}; the import reads files up to {2}", name, MiB(bytes.length), MiB(IMPORT_LIMITS.fileBytes)) };
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return containsUtf16(bytes, "EncryptionInfo")
      ? { kind: "refused", reason: l10n.t("{0} is an encrypted (password-protected) workbook; save it without a password and import that", name) }
      : { kind: "refused", reason: l10n.t("{0} is a legacy binary Excel workbook (.xls); save it as .xlsx (Excel Workbook) and import that", name) };
  }
  if (startsWith(bytes, [0x50, 0x4b])) {
    const problem = checkZip(bytes, name);
    return problem === undefined ? { kind: "zip" } : { kind: "refused", reason: problem };
  }
  return { kind: "text" };
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function containsUtf16(bytes: Uint8Array, text: string): boolean {
  const pattern = [...text].flatMap((char) => [char.charCodeAt(0), 0]);
  outer: for (let at = 0; at + pattern.length <= bytes.length; at++) {
    for (let k = 0; k < pattern.length; k++) if (bytes[at + k] !== pattern[k]) continue outer;
    return true;
  }
  return false;
}

/** Walks the zip's central directory; a reason (naming the file `name`) when it is not a readable zip or too big inflated. */
function checkZip(bytes: Uint8Array, name: string): string | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: 22 bytes, plus a comment of up to 65,535.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end === -1) return l10n.t("{0} is not a complete zip file (truncated or corrupt), so it is no readable workbook", name);
  const entries = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  if (offset + size > end) return l10n.t("{0} is a corrupt zip file (its directory points outside the file), so it is no readable workbook", name);
  if (entries > IMPORT_LIMITS.entries) return l10n.t("{0} has {1} zip entries; the import reads workbooks of up to {2}", name, entries, IMPORT_LIMITS.entries);
  let inflated = 0;
  let at = offset;
  for (let entry = 0; entry < entries; entry++) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) return l10n.t("{0} is a corrupt zip file (its directory is damaged), so it is no readable workbook", name);
    const flags = view.getUint16(at + 8, true);
    if ((flags & 1) !== 0) return l10n.t("{0} is an encrypted zip file; save the workbook without a password and import that", name);
    const localOffset = view.getUint32(at + 42, true);
    if (localOffset + 30 > bytes.length || view.getUint32(localOffset, true) !== 0x04034b50)
      return l10n.t("{0} is a truncated or corrupt zip file, so it is no readable workbook", name);
    inflated += view.getUint32(at + 24, true);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  if (inflated > IMPORT_LIMITS.inflatedBytes)
    return l10n.t("{0} would inflate to {1}; the import reads workbooks of up to {2} inflated", name, MiB(inflated), MiB(IMPORT_LIMITS.inflatedBytes));
  return undefined;
}
