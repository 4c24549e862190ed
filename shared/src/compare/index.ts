// Comparing two versions of an FS document by meaning (issue 26): the engine function and its result's types.

export { compareDocuments, compareCell, canonicalJson, type CompareInput } from "./compare";
export type * from "./types";
