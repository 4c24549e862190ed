// One analysis of one document version: parse, validate, diff; locations and the id model are
// built only when a feature first asks for them.

import {
  analyze,
  buildModel,
  diffSnapshot,
  parseJson,
  SourceLocator,
  type Analysis,
  type DocumentModel,
  type SnapshotDiff,
  type SyntaxProblem,
} from "../../shared/src/index";

/** The analysis of a version whose text parsed. */
export class GoodAnalysis {
  readonly locator: SourceLocator;
  private modelCache: DocumentModel | undefined;
  private diffCache: SnapshotDiff | undefined;

  constructor(
    readonly version: number,
    readonly text: string,
    readonly value: unknown,
    readonly analysis: Analysis,
  ) {
    this.locator = new SourceLocator(text, value);
  }

  get model(): DocumentModel {
    this.modelCache ??= buildModel(this.value);
    return this.modelCache;
  }

  get diff(): SnapshotDiff {
    this.diffCache ??= diffSnapshot(this.value, this.analysis);
    return this.diffCache;
  }
}

export interface DocumentState {
  uri: string;
  version: number;
  /** Syntax problems of the current version; empty when it parsed. */
  syntax: SyntaxProblem[];
  /** The current version's analysis, or the last good one while the text does not parse. */
  good: GoodAnalysis | undefined;
  /** True when `good` is the analysis of the current version. */
  current: boolean;
}

export function analyzeVersion(uri: string, version: number, text: string, previous: DocumentState | undefined): DocumentState {
  const parsed = parseJson(text);
  if (!parsed.ok) return { uri, version, syntax: parsed.problems, good: previous?.good, current: false };
  return { uri, version, syntax: [], good: new GoodAnalysis(version, text, parsed.value, analyze(parsed.value)), current: true };
}
