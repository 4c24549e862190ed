// Performance marks of FS Documents' first moments in an extension host (`fs/…`: the first FS
// document seen, the server starting and started, fs/openAhead asked and answered, VS Code asking
// our provider for lenses, the first code lens asked of the server and answered), each made once per
// extension host so that a long session adds nothing to the timeline. The editor benchmark reads
// them beside VS Code's own activation marks (test/e2e/bench/main.ts: the first-window state, and
// the cold opens with --timeline).

const made = new Set<string>();

export function markOnce(name: string): void {
  if (made.has(name)) return;
  made.add(name);
  performance.mark(name);
}
