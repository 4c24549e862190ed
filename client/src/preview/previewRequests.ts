// The language-server requests of the preview and of editor ↔ preview navigation (contract:
// shared/src/protocol.ts). Kept here rather than in the server wrapper so the preview owns them.

import type * as vscode from "vscode";
import { RequestType } from "vscode-languageclient/node";
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
import type { FsServer } from "../server/fsServer";

const PreviewModelRequest = new RequestType<PreviewModelParams, PreviewModelResult | null, void>(PREVIEW_MODEL_METHOD);
const PointerAtRequest = new RequestType<PointerAtParams, string | null, void>(POINTER_AT_METHOD);
const RangeOfRequest = new RequestType<RangeOfParams, RangeOfResult | null, void>(RANGE_OF_METHOD);

export async function requestPreviewModel(server: FsServer, uri: vscode.Uri, baseVersion: number | undefined): Promise<PreviewModelResult | null> {
  const params: PreviewModelParams = { uri: uri.toString() };
  if (baseVersion !== undefined) params.baseVersion = baseVersion;
  return (await server.start()).sendRequest(PreviewModelRequest, params);
}

export async function requestPointerAt(server: FsServer, document: vscode.TextDocument, offset: number): Promise<string | null> {
  return (await server.start()).sendRequest(PointerAtRequest, { uri: document.uri.toString(), version: document.version, offset });
}

export async function requestRangeOf(server: FsServer, document: vscode.TextDocument, pointer: string): Promise<RangeOfResult | null> {
  return (await server.start()).sendRequest(RangeOfRequest, { uri: document.uri.toString(), version: document.version, pointer });
}
