// npm run l10n: writes l10n/bundle.l10n.json from the code's l10n.t calls (see scripts/lib/l10n.mjs).
// Translations (l10n/bundle.l10n.<language>.json) are kept by hand; the l10n test names any key
// they lack or no longer need.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { extractBundle } from "./lib/l10n.mjs";

const root = new URL("..", import.meta.url).pathname;
const bundle = await extractBundle(root);
writeFileSync(join(root, "l10n/bundle.l10n.json"), JSON.stringify(bundle, null, 2) + "\n");
process.stdout.write(`l10n/bundle.l10n.json: ${Object.keys(bundle).length} strings\n`);
