// The language server's Worker script, embedded as text by scripts/lib/web-bundles.mjs.
declare module "fs-web-server-source" {
  const script: string;
  export default script;
}

// exceljs's browser build, embedded as text for the server Worker to load on first use, and the
// Worker's global that carries its URL (web-bundles.mjs, xlsxScriptPlugin).
declare module "fs-web-xlsx-source" {
  const script: string;
  export default script;
  export const SCRIPT_URL_GLOBAL: string;
}
