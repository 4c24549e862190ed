// --attribute: where a CPU profile's time went, by area of VS Code (and of FS Documents), for the
// editor benchmark's edits. code-server ships the source maps of its bundles (workbench.js,
// extensionHostProcess.js), so each sampled frame is mapped to VS Code's source file
// (node:module's SourceMap) and each sample is given to the innermost frame of its stack that lies
// in a known area: the code lens controller, the marker decorations, the Problems view… A sample
// whose stack holds no such frame is given to its leaf's file (VS Code's base, the editor's view),
// or to what V8 says it is (garbage collection, the program's own bookkeeping, idle).

import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { join } from "node:path";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * Areas by the source file (VS Code's `src/vs/...` as its source maps name it) or the script's URL,
 * first match wins; checked from a sample's leaf towards its root. What a user would turn off or
 * what an extension causes comes first; the editor's generic machinery (view, model, base) last.
 */
const AREAS: readonly (readonly [RegExp, string])[] = [
  [/fs-documents[^/]*\/dist\/extension\.js/, "FS Documents' extension (client)"],
  [/fs-documents[^/]*\/dist\/(webview|compare)\.js/, "FS Documents' preview page"],
  [/fs-documents[^/]*\//, "FS Documents (other)"],
  [/json-language-features\//, "VS Code's JSON extension (client)"],
  [/__playwright|playwright|^pptr:|evaluate/i, "the benchmark's own polling (Playwright)"],
  [/editor\/contrib\/codelens\//, "code lenses"],
  [/editor\/contrib\/inlayHints\//, "inlay hints"],
  [/editor\/contrib\/wordHighlighter\//, "document highlights"],
  [/editor\/contrib\/folding\//, "folding"],
  [/editor\/contrib\/(documentSymbols|stickyScroll)\/|contrib\/outline\/|breadcrumbs|outlineModel/i, "outline, breadcrumbs, sticky scroll (document symbols)"],
  [/workbench\/contrib\/markers\//, "the Problems view"],
  [/markerDecorations|platform\/markers\/|mainThreadDiagnostics|contrib\/gotoError\//, "markers: service and squiggle decorations"],
  [/overviewRuler|decorationsOverviewRuler|\/minimap\//i, "overview ruler and minimap"],
  [
    /editor\/contrib\/(hover|gotoSymbol|links|colorPicker|semanticTokens|suggest|bracketMatching|codeAction|format|linkedEditing|smartSelect|unicodeHighlighter|wordOperations)\//,
    "other editor features",
  ],
  [/workbench\/contrib\/webview(View)?\/|mainThreadWebview|webviewPanel|\/webview\/browser\/pre\//i, "webviews (VS Code's host of the preview)"],
  [/bracketPair|bracketPairs/i, "bracket pairs (colours, guides)"],
  [/textMate|tokeniz|\/tokens\//i, "tokenization"],
  [/workbench\/api\/|base\/parts\/ipc\/|rpcProtocol|extHost/, "extension host messages (RPC, main-thread side)"],
  [/editor\/browser\/(view|viewParts|gpu)\/|editor\/common\/(viewModel|viewLayout)\/|editor\/browser\/widget\//, "the editor's view (layout, rendering)"],
  [/editor\/common\/model\/|editor\/common\/core\/|editor\/common\/model\.|textModel/i, "the text model (edits, decorations)"],
  [/workbench\/contrib\/(scm|search|files|testing|chat|inlineChat|notebook)\//, "other workbench parts (SCM, search, explorer, chat…)"],
  [/workbench\/(browser|services|contrib)\//, "the workbench (other)"],
  [/base\/|platform\//, "VS Code's base and platform"],
];

/** V8's own entries, which have no script. */
const V8_ENTRIES = new Map([
  ["(garbage collector)", "garbage collection"],
  ["(program)", "the renderer's own work (layout, style, paint, parsing)"],
  ["(idle)", "(idle)"],
  ["(root)", "(idle)"],
]);

/** Maps a frame's script position to its source file, for the bundles whose source map is on disk. */
export class SourceFiles {
  private readonly maps = new Map<string, SourceMap | null>();

  /** `roots`: folders whose `out/…` files the URLs' `/out/…` paths name (code-server's lib/vscode). */
  constructor(private readonly roots: readonly string[]) {}

  /** The source file of a frame, or its URL when no map names one. */
  sourceOf(frame: CallFrame): string {
    const map = this.mapFor(frame.url);
    if (map === undefined) return frame.url;
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string };
    return entry.originalSource ?? frame.url;
  }

  private mapFor(url: string): SourceMap | undefined {
    const path = /\/out\/(vs\/[^?#]*\.js)/.exec(url)?.[1];
    if (path === undefined) return undefined;
    let map = this.maps.get(path);
    if (map === undefined) {
      const file = this.roots.map((root) => join(root, "out", `${path}.map`)).find((candidate) => existsSync(candidate));
      map = file === undefined ? null : new SourceMap(JSON.parse(readFileSync(file, "utf8")) as ConstructorParameters<typeof SourceMap>[0]);
      this.maps.set(path, map);
    }
    return map ?? undefined;
  }
}

/** The area a source file or URL belongs to, or undefined. */
export function areaOf(source: string): string | undefined {
  for (const [pattern, area] of AREAS) if (pattern.test(source)) return area;
  return undefined;
}

/**
 * Milliseconds per area: each sample goes to the innermost frame of its stack whose source has an
 * area (V8's own entries by name). `inclusive` counts a sample once for every area on its stack:
 * what an area's work cost with what it called.
 */
export function attribute(profile: CpuProfile, files: SourceFiles): { self: Map<string, number>; inclusive: Map<string, number>; total: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const areaOfNode = new Map<number, string | undefined>();
  const nodeArea = (id: number): string | undefined => {
    if (!areaOfNode.has(id)) {
      const frame = byId.get(id)!.callFrame;
      areaOfNode.set(id, frame.url === "" ? V8_ENTRIES.get(frame.functionName) : areaOf(files.sourceOf(frame)));
    }
    return areaOfNode.get(id);
  };
  const stackCache = new Map<number, { innermost: string; all: Set<string> }>();
  const stackOf = (leaf: number) => {
    let known = stackCache.get(leaf);
    if (known === undefined) {
      const all = new Set<string>();
      let innermost: string | undefined;
      for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
        const area = nodeArea(id);
        if (area === undefined) continue;
        innermost ??= area;
        all.add(area);
      }
      known = { innermost: innermost ?? "unattributed (native, other scripts)", all };
      stackCache.set(leaf, known);
    }
    return known;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, index) => {
    // A sample lasts until the next one.
    const ms = (deltas[index + 1] ?? 0) / 1000;
    const { innermost, all } = stackOf(id);
    self.set(innermost, (self.get(innermost) ?? 0) + ms);
    for (const area of all) inclusive.set(area, (inclusive.get(area) ?? 0) + ms);
    if (innermost !== "(idle)") total += ms;
  });
  return { self, inclusive, total };
}

/**
 * A table of two attributions side by side (with FS Documents, and the control without it), in ms
 * per `per` (edits): busy areas first, the difference last.
 */
export function formatAttribution(title: string, withFs: ReturnType<typeof attribute>, control: ReturnType<typeof attribute> | undefined, per: number, perWhat: string): string {
  const areas = [...new Set([...withFs.self.keys(), ...(control?.self.keys() ?? [])])].filter((area) => area !== "(idle)");
  areas.sort((a, b) => (withFs.self.get(b) ?? 0) - (withFs.self.get(a) ?? 0));
  const ms = (value: number | undefined) => Math.round((value ?? 0) / per).toLocaleString("en");
  const width = Math.max(...areas.map((area) => area.length), 10);
  const header = control === undefined ? "" : " | without FS |   difference";
  const line = (area: string, a: number | undefined, b: number | undefined, incl: number | undefined) =>
    `| ${area.padEnd(width)} | ${ms(a).padStart(7)} | ${(incl === undefined ? "" : ms(incl)).padStart(12)}${control === undefined ? "" : ` | ${ms(b).padStart(10)} | ${ms((a ?? 0) - (b ?? 0)).padStart(12)}`} |`;
  return [
    `${title}, ms ${perWhat} (self: the innermost known area of each sample; with callees: every area on the stack)`,
    "",
    `| ${"area".padEnd(width)} | self ms | with callees${header} |`,
    `|${"-".repeat(width + 2)}|--------:|-------------:${control === undefined ? "" : "|-----------:|-------------:"}|`,
    ...areas.map((area) => line(area, withFs.self.get(area), control?.self.get(area), withFs.inclusive.get(area))),
    line("total (not idle)", withFs.total, control?.total, undefined),
  ].join("\n");
}
