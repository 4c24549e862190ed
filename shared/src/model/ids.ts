// The id grammar (contract 2.1): the one definition every reader uses (the validator, rename,
// completion). Ids are data: look them up in Maps, never as object keys.

export const IDENTIFIER = /^[A-Za-z][A-Za-z0-9._-]*$/;

export function isIdentifier(value: unknown): value is string {
  return typeof value === "string" && IDENTIFIER.test(value);
}

/** Why a string is not an id, worded for a user. */
export const IDENTIFIER_RULE = 'ids start with a letter and contain only letters, digits, ".", "_" and "-"';
