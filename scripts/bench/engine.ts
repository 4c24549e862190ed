// The engine entry points the benchmark measures, bundled to dist/bench-engine.js.
import { analyze, diffSnapshot, parseJson } from "../../shared/src/index";
import { renderHtmlPage } from "../../shared/src/render/index";
export { SERVER_NODE_OPTIONS } from "../../protocol/lsp";

function analyzeText(text: string) {
  const parsed = parseJson(text);
  if (!parsed.ok) throw new Error(parsed.problems[0]?.message);
  return { value: parsed.value, analysis: analyze(parsed.value) };
}

/** Full validation: parse, structure, cross-object rules, rollups and the result object. */
export function validateText(text: string): unknown {
  return analyzeText(text).analysis.result;
}

export function renderHtml(text: string): unknown {
  const { value, analysis } = analyzeText(text);
  return renderHtmlPage(value, analysis.result);
}

export function diffText(text: string): unknown {
  const { value, analysis } = analyzeText(text);
  return diffSnapshot(value, analysis);
}
