// renderHtmlPage: a standalone, self-contained page around the statements fragment. Bounded as the
// reference renderer is (limits.ts), and byte-identical for the same input: nothing in it depends
// on time, locale or randomness.

import type { ValidationResult } from "../types";
import { countText } from "./format";
import { writeStatements } from "./html";
import { BYTE_COUNT_CEILING, checkBytes, checkShape, unknownStatement, type RenderError } from "./limits";
import type { Presentation, StatusSummary } from "./model";
import { presentDocument, statementIds } from "./presentation";
import { PAGE_STYLE } from "./style";
import { ByteCounter, HtmlCollector, type Writer } from "./writer";

export type RenderOutcome = { ok: true; text: string } | { ok: false; error: RenderError };

export interface RenderOptions {
  /** Render only the statement with this id. */
  readonly statement?: string;
}

// The page can neither run script nor load anything: the inline stylesheet is all it needs.
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

export function renderHtmlPage(document: unknown, result?: ValidationResult, options?: RenderOptions): RenderOutcome {
  const selected = options?.statement;
  const page = presentDocument(document, result, selected);
  if (selected !== undefined && page.statements.length === 0) {
    return { ok: false, error: unknownStatement(selected, statementIds(document)) };
  }
  const shapeError = checkShape(page.statements);
  if (shapeError !== undefined) return { ok: false, error: shapeError };

  const counter = new ByteCounter(true, BYTE_COUNT_CEILING);
  writePage(page, counter);
  const byteError = checkBytes(counter, "HTML page");
  if (byteError !== undefined) return { ok: false, error: byteError };
  const collector = new HtmlCollector();
  writePage(page, collector);
  return { ok: true, text: collector.toString() };
}

function writePage(p: Presentation, out: Writer): void {
  const entity = p.entity ?? "Unnamed entity";
  const scope = p.scope ?? "Unspecified scope";
  out.raw('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n');
  out.raw(`<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">\n`);
  out.raw('<meta name="viewport" content="width=device-width, initial-scale=1">\n');
  out.raw('<meta name="color-scheme" content="light dark">\n<title>');
  out.text(`${entity} — ${scope}`);
  out.raw(`</title>\n<style>${PAGE_STYLE}</style>\n</head>\n<body>\n<div class="fs-page">\n`);
  out.raw('<header class="fs-header">\n<h1 class="fs-entity">');
  out.text(entity);
  out.raw('</h1>\n<p class="fs-scope">');
  out.text(scope);
  out.raw("</p>\n");
  if (p.status !== undefined) writeStatus(p.status, out);
  out.raw("</header>\n<main>\n");
  writeStatements(p, out);
  out.raw("</main>\n</div>\n</body>\n</html>\n");
}

function plural(count: number, one: string, many: string): string {
  return `${countText(count)} ${count === 1 ? one : many}`;
}

function writeStatus(status: StatusSummary, out: Writer): void {
  const conforming = status.conformance === "conforming";
  out.raw(`<p class="fs-status ${conforming ? "fs-status-ok" : "fs-status-fail"}">`);
  out.text(conforming ? "Conforming FS 0.2 document" : `Nonconforming: ${plural(status.errorCount, "structural error", "structural errors")}`);
  out.raw("</p>\n");
  const total = status.satisfied + status.unsatisfied + status.errors;
  const [tone, text] = calculationSummary(status, total);
  out.raw(`<p class="fs-status ${tone}">`);
  out.text(text);
  out.raw("</p>\n");
}

function calculationSummary(status: StatusSummary, total: number): [string, string] {
  switch (status.calculations) {
    case "not-run":
      return ["fs-status-neutral", "Rollup checks not run: the document is not conforming"];
    case "not-defined":
      return ["fs-status-neutral", "No rollup checks defined"];
    case "consistent":
      return ["fs-status-ok", `${plural(total, "rollup check", "rollup checks")} · all satisfied`];
    case "inconsistent": {
      const parts = [plural(total, "rollup check", "rollup checks")];
      if (status.unsatisfied > 0) parts.push(`${countText(status.unsatisfied)} not satisfied`);
      if (status.errors > 0) parts.push(`${countText(status.errors)} not evaluated (missing or unavailable values)`);
      return ["fs-status-fail", parts.join(" · ")];
    }
  }
}
