// The language server's Worker script, embedded as text by scripts/lib/web-bundles.mjs.
declare module "fs-web-server-source" {
  const script: string;
  export default script;
}
