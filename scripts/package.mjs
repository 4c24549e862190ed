// npm run package: a production build and an installable fs-documents-<version>.vsix in the
// repository root, holding only what runs in the editor (see .vscodeignore).
import { relative } from "node:path";
import { packageExtension } from "./lib/package.mjs";

const root = new URL("..", import.meta.url).pathname;
const vsix = await packageExtension({ log: (line) => console.log(line) });
console.log(`Install it with: code --install-extension ${relative(process.cwd(), vsix) || vsix}`);
