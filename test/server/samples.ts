// JSON files from the real world that are not FS documents, shared by the detection tests.

/** Real-world JSON, as found in repositories, that must never be taken for an FS document. */
export const NOT_FS: Readonly<Record<string, string>> = {
  "package.json": JSON.stringify({ name: "ledger", version: "1.2.0", scripts: { test: "node --test" }, dependencies: { "decimal.js": "^10.0.0" }, files: ["dist"] }, null, 2),
  "tsconfig.json":
    '{\n  // comments are allowed here\n  "compilerOptions": { "strict": true, "lib": ["ES2022"] },\n  "references": [{ "path": "shared" }],\n  "include": ["src"]\n}\n',
  "map.geojson": JSON.stringify(
    {
      type: "FeatureCollection",
      features: [{ type: "Feature", geometry: { type: "Point", coordinates: [126.97, 37.56] }, properties: { name: "Seoul", units: "km", periods: 3 } }],
    },
    null,
    2,
  ),
  // An API about financial statements: its schemas name statements, units, periods and entity,
  // but not at the top level.
  "openapi.json": JSON.stringify(
    {
      openapi: "3.1.0",
      info: { title: "Statements API", version: "1" },
      paths: { "/statements": { get: { responses: { "200": { description: "statements" } } } } },
      components: {
        schemas: {
          Document: {
            type: "object",
            properties: { entity: { type: "object" }, scope: { type: "object" }, units: { type: "array" }, periods: { type: "array" }, statements: { type: "array" } },
          },
        },
      },
    },
    null,
    2,
  ),
  "composer-like.json": JSON.stringify({ name: "x/y", scope: "global", require: {} }),
};
