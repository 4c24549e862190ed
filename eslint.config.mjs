// Lint is mostly left to TypeScript; these rules guard the architecture.
import tseslint from "typescript-eslint";
import l10nRules from "./scripts/lib/eslint-l10n.mjs";

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "out/", ".cache/", "test-results/", "**/*.mjs"] },
  {
    files: ["**/*.ts"],
    languageOptions: { parser: tseslint.parser },
    plugins: { "@typescript-eslint": tseslint.plugin },
    rules: {
      "no-console": "off",
    },
  },
  {
    // The engine is pure: no editor, protocol or Node imports, so it runs anywhere (CLI, server, webview).
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["vscode", "vscode-*", "vscode/*"], message: "shared/ must not depend on the editor or the protocol." },
            { group: ["node:*", "fs", "path", "child_process", "os", "crypto"], message: "shared/ is pure: pass data in, get data out." },
          ],
        },
      ],
      "no-restricted-globals": ["error", "process", "require", "Buffer"],
    },
  },
  {
    // The language service is pure (docs/design.md): analysis in, LSP types out. No connection,
    // transport, store or timers, so tests call it in-process and every answer is reproducible.
    files: ["server/src/service/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["vscode-languageserver", "vscode-languageserver/*"],
              message: "The service returns LSP types from vscode-languageserver-protocol; registration lives in server/src/lsp.",
            },
            { group: ["**/lsp/*", "**/documents", "**/server", "**/main"], message: "The service sits below the store and the LSP layer." },
            { group: ["node:*", "fs", "path", "child_process", "os"], message: "The service is pure." },
          ],
        },
      ],
      "no-restricted-globals": ["error", "setTimeout", "setInterval", "setImmediate", "process"],
    },
  },
  {
    // The protocol is the contract between client and server: plain types and message types only.
    files: ["protocol/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["vscode", "vscode-languageserver", "vscode-languageserver/*", "vscode-languageclient", "vscode-languageclient/*"],
              message: "protocol/ is imported by both sides; only vscode-languageserver-protocol.",
            },
            { group: ["**/server/**", "**/client/**", "node:*"], message: "protocol/ depends on shared/ only." },
          ],
        },
      ],
    },
  },
  {
    // A stdio language server owns stdout: anything printed there corrupts the protocol.
    files: ["server/**/*.ts"],
    rules: { "no-console": "error" },
  },
  {
    // What the extension, the server and the preview show is localized (docs/localization.md); the
    // CLI stays English. The rule finds text that bypasses l10n.t.
    files: ["client/src/**/*.ts", "server/src/**/*.ts", "webview/src/**/*.ts", "shared/src/**/*.ts"],
    plugins: { "fs-l10n": l10nRules },
    rules: { "fs-l10n/no-bare-ui-string": "error" },
  },
  {
    files: ["**/*.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "Math", property: "random", message: "Use crypto for nonces and a seeded PRNG for tests." }],
    },
  },
);
