// File names of exports, pure so that a test can hold them to the CLI's.

/** A file name part from author text: no path separators or characters file systems reject. */
export function safePart(text: string): string {
  return text.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").slice(0, 100);
}

/** The file name `fsdoc render --format tsv --output <dir>` gives a statement's table. */
export function tsvFileName(statement: string | undefined): string {
  return `${safePart(statement ?? "statements")}.tsv`;
}
