// The extension's wiring, shared by both entry points (client/src/node/main.ts for the desktop,
// client/src/browser/main.ts for the web): construct the parts and wire them together. Nothing
// visible happens for JSON that is not an FS document; the language server starts when the first
// one is seen, on the transport the entry point gives.

import * as vscode from "vscode";
import { ActiveEditorContext } from "./activeEditorContext";
import { CompareViews } from "./compare/compareViews";
import { registerCommands } from "./commands/index";
import { SnapshotDiffProvider } from "./commands/snapshotDiff";
import { FsDocumentDetector } from "./detection";
import { configureSharedStrings } from "./l10n";
import { mapSchemaUrls } from "./json/schemaUrls";
import { SourcePointers } from "./navigation/sourcePointers";
import { PreviewManager } from "./preview/previewManager";
import { PREVIEW_VIEW_TYPE } from "./preview/previewPanel";
import { registerRollupTree } from "./rollups/rollupTree";
import { FsServer, type ClientFactory } from "./server/fsServer";
import { OpenAhead } from "./server/openAhead";
import { FsLanguageStatus } from "./status/languageStatus";
import { StatusStore } from "./status/statusStore";

let server: FsServer | undefined;

export function activateExtension(context: vscode.ExtensionContext, createClient: ClientFactory): void {
  configureSharedStrings();
  const detector = new FsDocumentDetector();
  const fsServer = new FsServer(createClient, (document) => detector.isFsDocument(document));
  server = fsServer;
  const statuses = new StatusStore(fsServer);
  const pointers = new SourcePointers(fsServer);
  const previews = new PreviewManager({ extensionUri: context.extensionUri, server: fsServer, pointers }, detector);
  const compareViews = new CompareViews({ extensionUri: context.extensionUri, server: fsServer, pointers });
  const snapshotDiffs = new SnapshotDiffProvider(fsServer, statuses);

  context.subscriptions.push(
    detector,
    fsServer,
    statuses,
    previews,
    snapshotDiffs,
    compareViews,
    // The lazy start: the first FS document seen starts the language server (failures are reported by start()).
    detector.onDidDetect(() => void fsServer.start().catch(() => undefined)),
    new OpenAhead(fsServer),
    new ActiveEditorContext(detector),
    new FsLanguageStatus(detector, statuses),
    mapSchemaUrls(context, (document) => detector.isFsDocument(document)),
    vscode.window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, previews),
    ...registerCommands({ server: fsServer, previews, snapshotDiffs, compareViews, extensionUri: context.extensionUri }),
    ...registerRollupTree(fsServer, detector),
  );
  detector.scanOpenDocuments();
}

export async function deactivate(): Promise<void> {
  await server?.stop();
  server = undefined;
}
