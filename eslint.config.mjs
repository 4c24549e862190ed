// Lint is mostly left to TypeScript; these rules guard the architecture.
import tseslint from "typescript-eslint";

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
      "no-restricted-imports": ["error", {
        patterns: [
          { group: ["vscode", "vscode-*", "vscode/*"], message: "shared/ must not depend on the editor or the protocol." },
          { group: ["node:*", "fs", "path", "child_process", "os", "crypto"], message: "shared/ is pure: pass data in, get data out." },
        ],
      }],
      "no-restricted-globals": ["error", "process", "require", "Buffer"],
    },
  },
  {
    // A stdio language server owns stdout: anything printed there corrupts the protocol.
    files: ["server/**/*.ts"],
    rules: { "no-console": "error" },
  },
  {
    files: ["**/*.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "Math", property: "random", message: "Use crypto for nonces and a seeded PRNG for tests." }],
    },
  },
);
