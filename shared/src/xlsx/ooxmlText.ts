// Author text in a SpreadsheetML string. XML 1.0 cannot carry most control characters, and an XML
// reader turns a carriage return (alone or before a line feed) into a line feed, so OOXML escapes
// such a character as _xHHHH_ (ECMA-376 Part 1, §22.9.2.19 ST_Xstring), and a literal "_xHHHH_" in
// the text as "_x005F_xHHHH_" so that it is not read as an escape. Excel, LibreOffice, openpyxl and
// exceljs's reader decode both; exceljs's writer does neither (it drops the control characters and
// writes a carriage return raw), so the export escapes before handing text to it.

const NEEDS_ESCAPE = /[\u0000-\u0008\u000B-\u001F\u007F\uFFFE\uFFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;

export function escapeOoxml(text: string): string {
  return text.replace(NEEDS_ESCAPE, (match) => (match === "_" ? "_x005F_" : `_x${match.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}_`));
}

/** The inverse, for readers that do not decode (exceljs decodes only upper-case hex digits). */
export function unescapeOoxml(text: string): string {
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
