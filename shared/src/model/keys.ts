// Rollup application keys: one (statement, parent, period) triple, encoded one way for every Map
// that indexes applications or cells (the snapshot diff, the renderer, the language server).

import type { ApplicationKey } from "../types";

/**
 * A Map key for the triple; JSON keeps any id (with quotes, commas, "__proto__") distinct. The text
 * of JSON.stringify([statement, parent, period]), joined from its parts: V8 returns a stringified
 * text over 32 characters as a tree of pieces (a cons string), which a Map copies to hash at every
 * lookup (one per cell when the preview is built) and keeps as it is (two pieces and a node per key).
 */
export function applicationKey(statement: string, parent: string, period: string): string {
  return ["[", JSON.stringify(statement), ",", JSON.stringify(parent), ",", JSON.stringify(period), "]"].join("");
}

export function keyOfApplication(application: { key: ApplicationKey }): string {
  return applicationKey(application.key.statement, application.key.parent, application.key.period);
}
