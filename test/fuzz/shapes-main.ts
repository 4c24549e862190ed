// `node out/fuzz/shapes.js <shape> <n> > file.json`: writes one large document of test/fuzz/shapes.ts.

import { generate, SHAPES, type Shape } from "./shapes";

const [shape, size] = process.argv.slice(2);
const n = Number(size);
if (!SHAPES.includes(shape as Shape) || !Number.isSafeInteger(n) || n < 1) {
  process.stderr.write(`usage: node out/fuzz/shapes.js <${SHAPES.join("|")}> <n>\n`);
  process.exit(2);
}
process.stdout.write(generate(shape as Shape, n));
