// A minimal XLSX reader for tests, independent of the writer (exceljs): unzip with fflate, parse
// the SpreadsheetML parts with fast-xml-parser, and resolve shared strings, styles and notes.
import { strFromU8, unzipSync } from "fflate";
import { XMLParser } from "fast-xml-parser";

export interface ReadCell {
  ref: string;
  /** "n" number, "s" string (shared or inline), "str" formula string, "b" boolean, "empty". */
  type: string;
  /** The text of <v> (or the shared/inline string). */
  value: string | undefined;
  formula: string | undefined;
  numFmt: string | undefined;
  fill: string | undefined;
  indent: number;
  note: string | undefined;
}

export interface ReadSheet {
  name: string;
  /** The sheet's state: "visible", "hidden" or "veryHidden". */
  state: string;
  cells: Map<string, ReadCell>;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ["sheet", "row", "c", "si", "r", "numFmt", "xf", "fill", "comment", "Relationship"].includes(name),
});

const list = <T>(value: T[] | undefined): T[] => value ?? [];

function text(node: unknown): string {
  if (node === undefined || node === null) return "";
  if (typeof node === "string" || typeof node === "number") return String(node);
  const record = node as Record<string, unknown>;
  if ("#text" in record) return String(record["#text"]);
  if ("t" in record) return text(record.t);
  if ("r" in record) return (record.r as unknown[]).map((run) => text((run as Record<string, unknown>).t)).join("");
  return "";
}

export function readWorkbook(bytes: Uint8Array): ReadSheet[] {
  const files = unzipSync(bytes);
  const xml = (path: string) => {
    const file = files[path];
    return file === undefined ? undefined : (parser.parse(strFromU8(file)) as Record<string, any>);
  };
  const shared = list<any>(xml("xl/sharedStrings.xml")?.sst?.si).map((si) => text(si));
  const styles = xml("xl/styles.xml")?.styleSheet;
  const numFmts = new Map<string, string>(list<any>(styles?.numFmts?.numFmt).map((fmt) => [fmt["@numFmtId"], fmt["@formatCode"]]));
  const fills = list<any>(styles?.fills?.fill).map((fill) => fill.patternFill?.fgColor?.["@rgb"] as string | undefined);
  const xfs = list<any>(styles?.cellXfs?.xf);
  const rels = new Map<string, string>(list<any>(xml("xl/_rels/workbook.xml.rels")?.Relationships?.Relationship).map((rel) => [rel["@Id"], rel["@Target"]]));
  return list<any>(xml("xl/workbook.xml")?.workbook?.sheets?.sheet).map((sheet) => {
    const target = (rels.get(sheet["@r:id"]) ?? "").replace(/^\/?xl\//, "");
    const path = `xl/${target}`;
    const cells = new Map<string, ReadCell>();
    const notes = new Map<string, string>();
    const sheetRels = xml(path.replace(/worksheets\/(sheet\d+\.xml)$/, "worksheets/_rels/$1.rels"));
    for (const rel of list<any>(sheetRels?.Relationships?.Relationship)) {
      if (!String(rel["@Type"]).endsWith("/comments")) continue;
      const comments = xml(`xl/${String(rel["@Target"]).replace(/^\.\.\//, "")}`);
      for (const comment of list<any>(comments?.comments?.commentList?.comment)) notes.set(comment["@ref"], text(comment.text));
    }
    for (const row of list<any>(xml(path)?.worksheet?.sheetData?.row)) {
      for (const c of list<any>(row.c)) {
        const xf = xfs[Number(c["@s"] ?? 0)] ?? {};
        const numFmtId = String(xf["@numFmtId"] ?? "0");
        const type = c["@t"] ?? (c.v === undefined && c.f === undefined ? "empty" : "n");
        const raw = c.v === undefined ? undefined : text(c.v);
        const value = type === "s" ? shared[Number(raw)] : type === "inlineStr" ? text(c.is) : raw;
        cells.set(c["@r"], {
          ref: c["@r"],
          type: type === "inlineStr" ? "s" : type,
          value,
          formula: c.f === undefined ? undefined : text(c.f),
          numFmt: numFmts.get(numFmtId) ?? (numFmtId === "0" ? undefined : `builtin:${numFmtId}`),
          fill: fills[Number(xf["@fillId"] ?? 0)],
          indent: Number(xf.alignment?.["@indent"] ?? 0),
          note: notes.get(c["@r"]),
        });
      }
    }
    return { name: sheet["@name"], state: sheet["@state"] ?? "visible", cells };
  });
}
