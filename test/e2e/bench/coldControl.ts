// The cold open's control: VS Code's own floor for a cold window's first code lens. The same
// document, in the same kind of window (its first document, then the window reloaded with VS Code's
// Reload Window), in a code-server where FS Documents is not installed; the runner extension's code
// lens provider answers at once with one lens on line 0 (test/e2e/runner-extension/instantLens.js).
// Not in the same window as FS Documents: VS Code asks every provider of a document and draws the
// lenses only once all of them answered (its getCodeLensModel), so an instant provider beside ours
// shows when ours does. VS Code's JSON is given the FS schema URLs as FS Documents registers them
// (fs.json.mapSchemaUrls), so that it validates the text as it does beside FS Documents.

import { updatedSchemaSettings } from "../../../client/src/json/schemaSettings";
import type { HostMarks } from "./coldTimeline";

/** The control window's settings over the bench's: VS Code's JSON as beside FS Documents, and the instant provider for `fileName`. */
export function coldControlSettings(settings: Record<string, unknown>, fileName: string): Record<string, unknown> {
  return { ...settings, "json.schemas": updatedSchemaSettings([], true), "fsE2e.instantLens": fileName };
}

/** The runner's mark of the instant provider's first request (instantLens.js). */
const PROVIDE_MARK = "fsE2e/instantLens/provide";

/**
 * One control run's extension-host samples, ms after `enteredAt` (epoch): `coldControlMark:document`
 * when the document named `fileName` reached the extension host, `coldControlMark:provide` when VS
 * Code first asked the instant provider. What came before the Enter (an earlier run's) is left out.
 */
export function controlMarkSamples(marks: HostMarks, enteredAt: number, fileName: string): Map<string, number> {
  const samples = new Map<string, number>();
  const add = (key: string, at: number) => {
    if (at >= enteredAt && !samples.has(key)) samples.set(key, at - enteredAt);
  };
  for (const { uri, at } of [...marks.documents].sort((a, b) => a.at - b.at)) if (decodeURIComponent(uri).endsWith(`/${fileName}`)) add("coldControlMark:document", at);
  for (const { name, at } of [...marks.marks].sort((a, b) => a.at - b.at)) if (name === PROVIDE_MARK) add("coldControlMark:provide", at);
  return samples;
}
