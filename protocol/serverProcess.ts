// How the language server process runs: the Node options and the environment it needs for its
// memory, decided here once. The server sets them for itself whatever starts it
// (server/src/launch.ts re-executes `fsdoc-language-server` once with what is missing), and VS
// Code's client, whose IPC channel a re-executed process could not inherit, starts it with them.
// No imports: the launcher reads this before it loads the server.

/**
 * Node options for the language server process. The server keeps large documents parsed for as
 * long as they are open; V8's default young generation (16 MB semi-spaces) then only adds resident
 * memory. 4 MB semi-spaces take the server from 9.0× to 7.8× a 25 MB document at no measurable
 * cost in latency (docs/performance.md). V8 reads this flag only at start-up.
 */
export const SERVER_NODE_OPTIONS: readonly string[] = ["--max-semi-space-size=4"];

/**
 * Environment of the language server process. The server allocates multi-megabyte buffers for a
 * large document's messages (the text, the preview's model, lenses, the outline); glibc then raises
 * its mmap threshold and serves later large buffers from its heap, where freed ones stay resident.
 * A fixed threshold keeps each one its own mapping, returned when freed: at 5 MB, with the preview
 * open and after a forced GC, 10.2× → 7.8× the document above the idle process, and no slower
 * (docs/performance.md). At 40 KB rather than 64 KB, the blocks of 40–64 KB that V8 allocates while
 * value edits go on get their own mappings as well: they left holes in glibc's heap that kept it
 * 2.5–5 MB larger after 100 edits (0.6–1.1 MB at 40 KB; V8's 32 KB compiler blocks stay in the heap,
 * since mapping them cost 10% more CPU per edit). Other C libraries ignore these variables.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: "40960", MALLOC_TRIM_THRESHOLD_: "65536" };
