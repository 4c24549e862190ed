// One entry per problem code fsdoc reports: a one-line description and the help text (what it
// means and how to fix it), condensed from docs/diagnostics.md. SARIF rules and `fsdoc help`
// texts come from here; the order is the order of rules in a SARIF log.

export interface RuleText {
  code: string;
  /** What the rule checks, one sentence. */
  description: string;
  /** How to fix a problem it reports. */
  help: string;
}

export const RULES: readonly RuleText[] = [
  {
    code: "invalid-utf8",
    description: "The file is not valid UTF-8 text.",
    help: "JSON text must be UTF-8 (RFC 8259). Re-save the file as UTF-8; the message gives the byte offset of the first invalid byte.",
  },
  {
    code: "invalid-json",
    description: "The text is not valid JSON.",
    help: "Fix the syntax at the marked position: a missing comma, quote or bracket, a comment or a trailing comma (JSON allows none of them).",
  },
  { code: "duplicate-member", description: "An object names the same member twice.", help: "Remove or rename one of the two members; JSON readers disagree on which one wins." },
  { code: "trailing-content", description: "Text follows the JSON value.", help: "A document is exactly one JSON value; delete what follows it." },
  { code: "nesting-too-deep", description: "Objects and arrays are nested deeper than 64 levels.", help: "No FS document needs this depth; the text is probably damaged." },
  {
    code: "required-property",
    description: "A member the format requires is missing.",
    help: "Add the member named in the message to the marked object (docs/diagnostics.md lists every required member).",
  },
  {
    code: "unknown-property",
    description: "An object has a member the format does not declare.",
    help: "Remove the member or correct its spelling; extra data belongs in the declared members.",
  },
  { code: "invalid-type", description: "A value has the wrong JSON type.", help: "Use the type the message names (object, array, string or integer)." },
  {
    code: "invalid-value",
    description: "A value has the right type but a wrong value.",
    help: "Correct the identifier, text, decimal, date format, fixed word or array the message names.",
  },
  {
    code: "decimal-string-required",
    description: "A value cell holds a JSON number.",
    help: 'Write the value as a decimal string ("1234.5"): numbers lose exactness in JSON readers.',
  },
  {
    code: "invalid-tolerance",
    description: "A unit's defaultTolerance is not a nonnegative decimal string.",
    help: 'Give a nonnegative decimal string such as "0.5", or remove defaultTolerance.',
  },
  { code: "scale-out-of-range", description: "A unit's scale is outside ±9007199254740991.", help: "Use the power of ten the values are stated in (6 for millions)." },
  {
    code: "duplicate-id",
    description: "A unit, period, statement or item id repeats an earlier one.",
    help: "Give each unit, period, statement and item of a statement its own id.",
  },
  { code: "duplicate-reference", description: "A statement lists the same period twice.", help: "List each period once in the statement's periods." },
  {
    code: "duplicate-period-definition",
    description: "Two periods describe the same instant or the same start and end.",
    help: "Keep one of the two periods and point the statements at it.",
  },
  { code: "invalid-date", description: "A well-formed date does not exist.", help: "Use a date that exists in the calendar (2025-02-28, not 2025-02-29)." },
  { code: "invalid-duration", description: "A duration period starts after it ends.", help: "Swap or correct start and end." },
  { code: "unresolved-reference", description: "A statement period, item unit or rollupTo names nothing.", help: "Correct the id, or define the unit, period or item it names." },
  {
    code: "map-key-mismatch",
    description: "An item's values keys are not exactly its statement's periods.",
    help: "Give the item one value (a decimal string, null or an unavailable marker) for each period of its statement, and no others.",
  },
  { code: "self-rollup", description: "An item rolls up to itself.", help: "Point rollupTo at the item's parent, or remove it." },
  { code: "cyclic-rollup", description: "An item's rollupTo lies on a cycle.", help: "Break the cycle: one item of it must not roll up to another member of the cycle." },
  {
    code: "unit-mismatch",
    description: "A child and the parent it rolls up to use different units.",
    help: "Store the child in the parent's unit, or remove the rollup; rollups never convert units.",
  },
  {
    code: "duplicate-application-key",
    description: "A validation snapshot records the same application twice.",
    help: 'Record the snapshot again ("fsdoc record" or "FS: Record Validation Snapshot").',
  },
  {
    code: "rollup-unsatisfied",
    description: "A subtotal differs from the sum of its children by more than the tolerance.",
    help: "Correct the subtotal or a child's value, or the rollupTo of an item that should not be a child; the message gives both sums and the difference.",
  },
  {
    code: "rollup-missing-value",
    description: "A subtotal cannot be checked because a cell it needs has no value (null).",
    help: "Enter the value, or mark the cell unavailable with a reason if it is not known.",
  },
  {
    code: "rollup-unavailable-value",
    description: "A subtotal cannot be checked because a cell it needs is marked unavailable.",
    help: "Nothing is wrong with the document; the subtotal is reported as not evaluated until the value is known.",
  },
];

export const RULE_INDEX: ReadonlyMap<string, number> = new Map(RULES.map((rule, index) => [rule.code, index]));
