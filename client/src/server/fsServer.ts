// The language server connection, started lazily: nothing runs (no process or worker, no output
// channel) until the first FS document is seen or a command needs the server. The custom requests
// are typed once, in protocol/lsp.ts. How the server runs (a Node process on the desktop, a Worker
// on the web) is the transport's business (client/src/node/, client/src/browser/).

import * as vscode from "vscode";
import { CodeLensRefreshRequest, RevealOutputChannelOn, State, type BaseLanguageClient, type LanguageClientOptions } from "vscode-languageclient";
import {
  CellEditsRequest,
  CellExplanationRequest,
  CompareReleaseNotification,
  CompareViewRequest,
  DiagnosticGroupsNotification,
  DiagnosticsResyncNotification,
  type CompareViewParams,
  type CompareViewResult,
  ExportRequest,
  ExportXlsxRequest,
  ImportSpreadsheetRequest,
  OpenAheadRequest,
  PointerAtRequest,
  PreviewReleaseNotification,
  PreviewUpdateNotification,
  RangeOfRequest,
  RecordEditsRequest,
  RollupTreeRequest,
  SnapshotDiffRequest,
  StatusNotification,
  ValidateTextRequest,
  type CellEditsResult,
  type CellExplanation,
  type GridWrite,
  type DocumentStatus,
  type ExportParams,
  type FsInitializationOptions,
  type ExportResult,
  type ExportXlsxResult,
  type ImportSpreadsheetResult,
  type PreviewModelParams,
  type PreviewModelResult,
  type RangeOfResult,
  type RecordEditsResult,
  type RollupTreeResult,
  type SentDocument,
  type SnapshotDiffResult,
  type ValidateTextResult,
} from "../../../protocol/lsp";
import { VisibleCodeLenses } from "./visibleCodeLenses";
import { DiagnosticGroups } from "./diagnosticGroups";
import { ServerDiagnostics } from "./serverDiagnostics";
import { previewModelInParts } from "./previewParts";
import { markOnce } from "../util/marks";

const LANGUAGES = ["json", "jsonc"] as const;
/** Real files, new files and virtual workspaces (plus the schemes of the open folders); other schemes (git:, output, our own views) are not validated. */
const BASE_SCHEMES = ["file", "untitled", "vscode-vfs"];

function servedSchemes(): Set<string> {
  const schemes = new Set(BASE_SCHEMES);
  for (const folder of vscode.workspace.workspaceFolders ?? []) schemes.add(folder.uri.scheme);
  return schemes;
}

/** The documents the server is sent (and our code lens provider answers for). */
function documentFilters(): { language: string; scheme: string }[] {
  return LANGUAGES.flatMap((language) => [...servedSchemes()].map((scheme) => ({ language, scheme })));
}

/** Makes the language client for one transport; the options are the same on every transport. */
export type ClientFactory = (id: string, name: string, options: LanguageClientOptions) => Promise<BaseLanguageClient>;

export class FsServer implements vscode.Disposable {
  private client: BaseLanguageClient | undefined;
  private starting: Promise<BaseLanguageClient> | undefined;
  private readonly statusEmitter = new vscode.EventEmitter<DocumentStatus>();
  /** fs/status notifications: a document's analysis changed. */
  readonly onStatus = this.statusEmitter.event;
  private readonly previewUpdateEmitter = new vscode.EventEmitter<PreviewModelResult>();
  /** fs/previewUpdate notifications: a preview's changes after an analysis was published. */
  readonly onPreviewUpdate = this.previewUpdateEmitter.event;
  /** The code lens provider, registered from the start (visibleCodeLenses.ts): it asks nothing before an FS document. */
  private readonly lenses: VisibleCodeLenses;
  private readonly lensRegistration: vscode.Disposable;
  /** The diagnostics, in one collection per statement (diagnosticGroups.ts), made with the client. */
  private diagnostics: DiagnosticGroups | undefined;
  /** The server's diagnostics merged by group and filtered (serverDiagnostics.ts), made with the client. */
  private published: ServerDiagnostics | undefined;

  /** `isFsDocument`: whether a lens request for `document` may start the server (the detector's answer). */
  constructor(
    private readonly createClient: ClientFactory,
    private readonly isFsDocument: (document: vscode.TextDocument) => boolean,
  ) {
    this.lenses = new VisibleCodeLenses({ clientFor: (document) => this.clientFor(document), running: () => this.client });
    this.lensRegistration = vscode.languages.registerCodeLensProvider(documentFilters(), this.lenses);
  }

  /** The client a lens request on `document` asks: the server's once it runs, started for an FS document; none for another document while nothing runs. */
  private async clientFor(document: vscode.TextDocument): Promise<BaseLanguageClient | undefined> {
    if (!this.holds(document) || (this.starting === undefined && !this.isFsDocument(document))) return undefined;
    return this.start();
  }

  get isStarted(): boolean {
    return this.starting !== undefined;
  }

  /** Starts the server once; later calls share the same start. */
  start(): Promise<BaseLanguageClient> {
    this.starting ??= this.launch().catch((error: unknown) => {
      this.starting = undefined;
      void vscode.window.showErrorMessage(vscode.l10n.t("The FS language server could not start: {0}", error instanceof Error ? error.message : String(error)));
      throw error;
    });
    return this.starting;
  }

  private async launch(): Promise<BaseLanguageClient> {
    markOnce("fs/server/starting");
    const groups = (this.diagnostics ??= new DiagnosticGroups("fsdoc", (name) => vscode.languages.createDiagnosticCollection(name)));
    // A publication the client could not take: the server running then is asked for the document whole.
    const published = (this.published ??= new ServerDiagnostics(groups, {
      resync: (uri) => void this.client?.sendNotification(DiagnosticsResyncNotification, { uri }).catch(() => undefined),
      log: (message) => this.client?.warn(message, undefined, false),
    }));
    const clientOptions: LanguageClientOptions = {
      documentSelector: documentFilters(),
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      middleware: {
        // Set by group (only the groups that changed), not in the client's own collection. The server
        // sends this client fs/diagnosticGroups instead; a whole publication still lands here.
        handleDiagnostics: (uri, diagnostics) => published.published(uri, diagnostics),
      },
      // The server speaks the display language: its locale and this extension's bundle for it; and
      // this client shows the preview, whose model the server builds ahead for large documents; it
      // takes diagnostics by group, and its code lens provider is its own (registered before the server runs).
      initializationOptions: {
        locale: vscode.env.language,
        l10nBundle: vscode.l10n.bundle,
        previewAhead: true,
        diagnosticGroups: true,
        ownCodeLensProvider: true,
      } satisfies FsInitializationOptions,
    };
    const client = await this.createClient("fs", "FS Documents", clientOptions);
    client.onNotification(StatusNotification, (status) => {
      this.lenses.analysed(status.uri);
      this.statusEmitter.fire(status);
    });
    // A stopped or crashed server's diagnostics go with it, as the client's own collection's would.
    client.onDidChangeState(({ newState }) => {
      if (newState === State.Stopped) published.clear();
    });
    client.onNotification(DiagnosticGroupsNotification, (params) =>
      published.received(params, { asUri: (value) => client.protocol2CodeConverter.asUri(value), asDiagnostics: (list) => client.protocol2CodeConverter.asDiagnostics(list) }),
    );
    client.onNotification(PreviewUpdateNotification, (update) => this.previewUpdateEmitter.fire(update));
    this.client = client;
    await client.start();
    // After the start: the client's code lens feature registers its own handler (for its providers, none here) while starting.
    client.onRequest(CodeLensRefreshRequest.type, () => this.lenses.refresh());
    markOnce("fs/server/started");
    return client;
  }

  /** The changes view of the open document `uri` against the session's OLD (sent once, as `oldText`). */
  async compareView(params: CompareViewParams): Promise<CompareViewResult | null> {
    return (await this.start()).sendRequest(CompareViewRequest, params);
  }

  /** Whether the server holds `document` open (it is among the documents it validates: a real file, not a git: side). */
  holds(document: vscode.TextDocument): boolean {
    return (LANGUAGES as readonly string[]).includes(document.languageId) && this.serves(document.uri);
  }

  /** Whether documents at `uri` are synced to the server (its scheme is one the server validates). */
  serves(uri: vscode.Uri): boolean {
    return servedSchemes().has(uri.scheme);
  }

  /** A line in the FS Documents output channel (the language client's); nothing before the server runs. */
  log(message: string): void {
    this.client?.warn(message, undefined, false);
  }

  /** A changes view closed: the server forgets its OLD (and a NEW it was sent). */
  compareRelease(session: string): void {
    if (this.client !== undefined) void this.client.sendNotification(CompareReleaseNotification, { session }).catch(() => undefined);
  }

  /**
   * The preview's model of `uri`: a patch from `baseVersion` when the server still holds that model,
   * else the whole model. `sent`: the text of a document the server does not hold (a git: side).
   */
  async previewModel(uri: vscode.Uri, baseVersion: number | undefined, sent?: SentDocument): Promise<PreviewModelResult | null> {
    const params: PreviewModelParams = { uri: uri.toString() };
    if (baseVersion !== undefined) params.baseVersion = baseVersion;
    if (sent !== undefined) params.sentDocument = sent;
    return previewModelInParts(await this.start(), params);
  }

  /** A large file is opening in the editor: the server reads and analyses it ahead of its text (openAhead.ts). */
  async openAhead(uri: vscode.Uri): Promise<void> {
    markOnce("fs/openAhead/asked");
    await (await this.start()).sendRequest(OpenAheadRequest, { uri: uri.toString() });
    markOnce("fs/openAhead/answered");
  }

  /** No preview shows `uri` any more: the server stops sending its updates (nothing to do before the server runs). */
  releasePreview(uri: string): void {
    if (this.client !== undefined) void this.client.sendNotification(PreviewReleaseNotification, { uri }).catch(() => undefined);
  }

  /** Why the failing subtotal cell at `pointer` of the preview's model `modelVersion` fails (null: not one, or another version). */
  async cellExplanation(uri: string, modelVersion: number, pointer: string): Promise<CellExplanation | null> {
    return (await this.start()).sendRequest(CellExplanationRequest, { uri, modelVersion, pointer });
  }

  /** The JSON Pointer at `offset` of exactly this version of `document` (null for another version). */
  async pointerAt(document: vscode.TextDocument, offset: number): Promise<string | null> {
    return (await this.start()).sendRequest(PointerAtRequest, { uri: document.uri.toString(), version: document.version, offset });
  }

  /** Where `pointer`'s value is in exactly this version of `document` (null for another version). */
  async rangeOf(document: vscode.TextDocument, pointer: string): Promise<RangeOfResult | null> {
    return (await this.start()).sendRequest(RangeOfRequest, { uri: document.uri.toString(), version: document.version, pointer });
  }

  async snapshotDiff(uri: vscode.Uri): Promise<SnapshotDiffResult | null> {
    return (await this.start()).sendRequest(SnapshotDiffRequest, { uri: uri.toString() });
  }

  /** The preview grid's writes as minimal edits of the document's current version (see CellEditsResult.version). */
  async cellEdits(uri: vscode.Uri, writes: GridWrite[]): Promise<CellEditsResult | null> {
    return (await this.start()).sendRequest(CellEditsRequest, { uri: uri.toString(), writes });
  }

  async recordEdits(uri: vscode.Uri): Promise<RecordEditsResult | null> {
    return (await this.start()).sendRequest(RecordEditsRequest, { uri: uri.toString() });
  }

  async export(uri: vscode.Uri, format: ExportParams["format"]): Promise<ExportResult> {
    return (await this.start()).sendRequest(ExportRequest, { uri: uri.toString(), format });
  }

  /** The XLSX workbook of a conforming document (base64), as `fsdoc render --format xlsx` writes it. */
  async exportXlsx(uri: vscode.Uri): Promise<ExportXlsxResult> {
    return (await this.start()).sendRequest(ExportXlsxRequest, { uri: uri.toString() });
  }

  /** A spreadsheet's bytes imported as `fsdoc import` does: the document's text and the report. */
  async importSpreadsheet(name: string, base64: string, options: Record<string, unknown> | undefined): Promise<ImportSpreadsheetResult> {
    return (await this.start()).sendRequest(ImportSpreadsheetRequest, { name, base64, options });
  }

  /** The document's rollups for the Rollups view; `uri` is the document URI as a string. */
  async rollupTree(uri: string): Promise<RollupTreeResult | null> {
    return (await this.start()).sendRequest(RollupTreeRequest, { uri });
  }

  async validateText(uri: vscode.Uri, text: string, token?: vscode.CancellationToken): Promise<ValidateTextResult> {
    return (await this.start()).sendRequest(ValidateTextRequest, { uri: uri.toString(), text }, token);
  }

  /** Stops the server (deactivation); waits for it to exit. */
  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.starting = undefined;
    if (client !== undefined && client.needsStop()) await client.stop();
  }

  dispose(): void {
    this.statusEmitter.dispose();
    this.previewUpdateEmitter.dispose();
    this.lensRegistration.dispose();
    this.lenses.dispose();
    this.published?.dispose();
    this.diagnostics?.dispose();
    void this.stop();
  }
}
