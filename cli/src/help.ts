declare const FSDOC_VERSION: string;

export const version = typeof FSDOC_VERSION === "string" ? FSDOC_VERSION : "0.0.0-dev";

export const usage = `fsdoc ${version} — validate, diff, render and record FS 0.2 documents

Usage:
  fsdoc validate <file|->... [--strict]
  fsdoc diff <file|-> [--strict]
  fsdoc render <file|-> [--format html|tsv] [--statement <id>] [--output <path>] [--force]
  fsdoc record <file|-> [--output <path> | --in-place] [--force]
  fsdoc fix <file|-> [--dry-run | --write] [--apply set-subtotal]
  fsdoc <command> --help
  fsdoc --version

JSON results go to standard output; messages for people go to standard error.
Exit codes: 0 success (also when rollups are inconsistent or a snapshot mismatches),
1 nonconforming document or operational failure, 2 usage error.
`;

export const commandHelp: Record<string, string> = {
  validate: `Usage: fsdoc validate <file|->... [--strict]

Prints the validation result (FS 0.2, section 2.12) of each document as JSON. With one file the
output is the result object; with several it is an array of {"file", "result"} entries (or
{"file", "error"} for a file that could not be read or parsed), and a summary line goes to
standard error.

  --strict   also exit 1 when any document's rollups are inconsistent

Exit: 0 when every document conforms; 1 when one does not, or cannot be read or parsed.
`,
  diff: `Usage: fsdoc diff <file|-> [--strict]

Prints the diff (FS 0.2, section 2.13) of the document's recorded validationSnapshot against its
current validation: status "not-recorded", "not-comparable", "match" or "mismatch".

  --strict   also exit 1 unless the status is "match"

Exit: 0 when the document conforms; 1 when it does not, or cannot be read or parsed.
`,
  render: `Usage: fsdoc render <file|-> [--format html|tsv] [--statement <id>] [--output <path>] [--force]

Renders a conforming document: a standalone HTML page (default), or tab-separated text with a Unit
column on every row. TSV is one table per statement: choose one with --statement, or give
--output <folder> to write <statement-id>.tsv for each.

  --format html|tsv   output format (default html)
  --statement <id>    only this statement
  --output <path>     write to this file (or folder, for TSV of every statement)
  --force             overwrite existing files

Exit: 0 rendered; 1 nonconforming document, output limit exceeded or I/O failure; 2 usage error.
`,
  record: `Usage: fsdoc record <file|-> [--output <path> | --in-place] [--force]

Replaces (or adds) the document's validationSnapshot with its current validation and prints the
document; every other character of the text is left as it was.

  --output <path>   write the recorded document there instead of standard output
  --in-place        replace the input file itself
  --force           overwrite an existing --output file

Exit: 0 recorded; 1 nonconforming document (nothing is written) or I/O failure; 2 usage error.
`,
};
