// The language server's work for a file opened ahead (fs/openAhead), in process, part by part: the
// analysis, its diagnostics, the outline, the value-edit index, the preview's model and the
// statements' shells, each part's CPU. The first run is with the code not yet optimized (a
// window's first document, a cold open); the later ones as a server that has opened documents
// before (a warm open). docs/performance.md, "The server's work while VS Code loads the text".
//   node scripts/bench/open-phases.mjs [shape] [runs]      (after node scripts/build.mjs)
// FS_BENCH_ENGINE_JS names another build's dist/bench-engine.js (one whose engine has openAheadPhases).
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { generateWithStats } from "./generate.mjs";

const require = createRequire(import.meta.url);
const engine = require(process.env.FS_BENCH_ENGINE_JS ?? fileURLToPath(new URL("../../dist/bench-engine.js", import.meta.url)));
const shape = process.argv[2] ?? "typical";
const runs = Math.max(2, Number(process.argv[3] ?? 8));
const { text } = generateWithStats({ targetBytes: 5e6, seed: 1, shape });
const measured = [];
for (let run = 0; run < runs; run++) measured.push(engine.openAheadPhases(text));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`${shape}, 5 MB: CPU ms per part; the first run, then the median [range] of the ${runs - 1} others`);
for (const part of Object.keys(measured[0])) {
  const later = measured.slice(1).map((phases) => phases[part]);
  console.log(
    `${part.padEnd(26)} ${measured[0][part].toFixed(0).padStart(5)}   ${median(later).toFixed(0).padStart(5)} [${Math.min(...later).toFixed(0)}–${Math.max(...later).toFixed(0)}]`,
  );
}
const total = (phases) => Object.values(phases).reduce((sum, value) => sum + value, 0);
console.log(`${"in all".padEnd(26)} ${total(measured[0]).toFixed(0).padStart(5)}   ${median(measured.slice(1).map(total)).toFixed(0).padStart(5)}`);
