// The preview model of each open document, one version each: the last model the server answered
// with, so the next request can be answered with a patch from it. Pure of the connection, so the
// patch logic is tested without a server.

import { presentDocument } from "../../../shared/src/render/presentation";
import { buildPreviewModel, type PreviewModel } from "../../../shared/src/render/previewModel";
import { diffPreviewModels, type PreviewPatchOp } from "../../../shared/src/render/previewPatch";
import type { GoodAnalysis } from "../analysis";

export type PreviewAnswer =
  | { kind: "model"; version: number; model: PreviewModel }
  | { kind: "patch"; version: number; baseVersion: number; ops: PreviewPatchOp[] };

export class PreviewModels {
  private readonly latest = new Map<string, { version: number; model: PreviewModel }>();

  /**
   * The model of `good` for a preview that holds `baseVersion`: a patch when the model of that
   * version is the one kept here, else the whole model. Either way the new model is kept.
   */
  answer(uri: string, good: GoodAnalysis, baseVersion: number | undefined): PreviewAnswer {
    const kept = this.latest.get(uri);
    let model: PreviewModel;
    if (kept !== undefined && kept.version === good.version) model = kept.model;
    else {
      model = buildPreviewModel(presentDocument(good.value, good.analysis.result, undefined));
      this.latest.set(uri, { version: good.version, model });
    }
    if (kept === undefined || baseVersion === undefined || kept.version !== baseVersion) return { kind: "model", version: good.version, model };
    if (kept.version === good.version) return { kind: "patch", version: good.version, baseVersion, ops: [] };
    return { kind: "patch", version: good.version, baseVersion, ops: diffPreviewModels(kept.model, model) };
  }

  forget(uri: string): void {
    this.latest.delete(uri);
  }
}
