// The preview's requests: its model (whole or patched) and the pointer ↔ offset translation the
// editor needs for click-to-source, cursor highlight and scroll sync, answered from the server's
// analysis of that version so the extension host never parses the document itself.

import { findNodeAtOffset, getNodePath } from "jsonc-parser";
import { pointer as pointerOf } from "../../../shared/src/json/pointer";
import {
  POINTER_AT_METHOD,
  PREVIEW_MODEL_METHOD,
  RANGE_OF_METHOD,
  type PointerAtParams,
  type PreviewModelParams,
  type PreviewModelResult,
  type RangeOfParams,
  type RangeOfResult,
} from "../../../shared/src/protocol";
import type { ServerContext } from "../context";
import { statusOf } from "../server";
import { PreviewModels } from "./previewModels";

const BROKEN = "The text is not valid JSON; fix the syntax errors first.";

export function registerPreview(context: ServerContext): void {
  const { connection, store } = context;
  const models = new PreviewModels();
  store.onForgotten((uri) => models.forget(uri));

  connection.onRequest(
    PREVIEW_MODEL_METHOD,
    context.guard<PreviewModelParams, PreviewModelResult | null>(PREVIEW_MODEL_METHOD, null, ({ uri, baseVersion }) => {
      const open = store.current(uri);
      if (open === undefined) return null;
      const { state } = open;
      const status = statusOf(state);
      const good = state.good;
      if (good === undefined) return { uri, version: state.version, status, problem: BROKEN };
      const answer = models.answer(uri, good, typeof baseVersion === "number" ? baseVersion : undefined);
      const problem = state.current ? undefined : staleProblem(state.syntax[0]?.line);
      const base: PreviewModelResult = { uri, version: state.version, status, modelVersion: answer.version };
      if (problem !== undefined) base.problem = problem;
      if (answer.kind === "model") base.model = answer.model;
      else base.patch = { baseVersion: answer.baseVersion, ops: answer.ops };
      return base;
    }),
  );

  connection.onRequest(
    POINTER_AT_METHOD,
    context.guard<PointerAtParams, string | null>(POINTER_AT_METHOD, null, ({ uri, version, offset }) => {
      const good = currentGood(context, uri, version);
      if (good === undefined) return null;
      const tree = good.locator.tree();
      if (tree === undefined) return "";
      const node = findNodeAtOffset(tree, offset, true);
      return node === undefined ? "" : pointerOf(...getNodePath(node));
    }),
  );

  connection.onRequest(
    RANGE_OF_METHOD,
    context.guard<RangeOfParams, RangeOfResult | null>(RANGE_OF_METHOD, null, ({ uri, version, pointer }) => {
      const good = currentGood(context, uri, version);
      if (good === undefined || typeof pointer !== "string") return null;
      return good.locator.locate(pointer, "value");
    }),
  );
}

/** The analysis of exactly `version` when it parsed: offsets of another version would be wrong. */
function currentGood(context: ServerContext, uri: string, version: number) {
  const open = context.store.current(uri);
  if (open === undefined || !open.state.current || open.state.version !== version) return undefined;
  return open.state.good;
}

function staleProblem(line: number | undefined): string {
  if (line === undefined) return `${BROKEN} Showing the last valid version.`;
  return `Showing the last valid version, because line ${line} has a syntax error.`;
}
