// Rollup application keys: one (statement, parent, period) triple, encoded one way for every Map
// that indexes applications or cells (the snapshot diff, the renderer, the language server).

import type { ApplicationKey } from "../types";

/** A Map key for the triple; JSON keeps any id (with quotes, commas, "__proto__") distinct. */
export function applicationKey(statement: string, parent: string, period: string): string {
  return JSON.stringify([statement, parent, period]);
}

export function keyOfApplication(application: { key: ApplicationKey }): string {
  return applicationKey(application.key.statement, application.key.parent, application.key.period);
}
