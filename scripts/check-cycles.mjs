// Fails when any TypeScript module imports itself through others (an import cycle), in every
// source folder. The import graph comes from TypeScript's own pre-processor (imports, exports
// from, dynamic imports, type-only imports too: a type cycle is still a design cycle); relative
// specifiers are resolved to files, packages are leaves. A script rather than eslint-plugin-import's
// no-cycle: that rule needs a resolver plugin for TypeScript and re-parses every file per lint run,
// where this takes a few hundred milliseconds and no dependency.
import ts from "typescript";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(new URL("..", import.meta.url).pathname);
const FOLDERS = ["shared", "protocol", "server", "client", "cli", "webview", "test", "scripts"];
const SKIP = new Set(["node_modules", "out", "dist", ".cache", "fixtures"]);

function sources(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|mts)$/.test(name) && !name.endsWith(".d.ts") && !name.endsWith(".d.mts") ? [path] : [];
  });
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.mts`, join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const files = FOLDERS.flatMap((folder) => sources(join(root, folder)));
const graph = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.map((entry) => resolveImport(file, entry.fileName)).filter((target) => target !== undefined);
    return [file, [...new Set(targets)]];
  }),
);

// Tarjan's strongly connected components, iteratively (no recursion limit on deep graphs).
const index = new Map();
const low = new Map();
const onStack = new Set();
const stack = [];
const cycles = [];
let counter = 0;
for (const start of graph.keys()) {
  if (index.has(start)) continue;
  const work = [[start, 0]];
  index.set(start, counter);
  low.set(start, counter++);
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const frame = work[work.length - 1];
    const [node, next] = frame;
    const edges = graph.get(node) ?? [];
    if (next < edges.length) {
      frame[1]++;
      const target = edges[next];
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        index.set(target, counter);
        low.set(target, counter++);
        stack.push(target);
        onStack.add(target);
        work.push([target, 0]);
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
      continue;
    }
    work.pop();
    if (work.length > 0) {
      const parent = work[work.length - 1][0];
      low.set(parent, Math.min(low.get(parent), low.get(node)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component);
    }
  }
}

if (cycles.length > 0) {
  console.error(`Import cycles (${cycles.length}):`);
  for (const cycle of cycles)
    console.error(
      `  ${cycle
        .map((file) => relative(root, file))
        .sort()
        .join(" ↔ ")}`,
    );
  process.exit(1);
}
console.log(`No import cycles among ${files.length} modules.`);
