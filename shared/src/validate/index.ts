import { IssueList, type Issue } from "./issue";
import { checkDocument } from "./document";

export type { Issue, Mark, IssueParams } from "./issue";

/** Every structural error of a parsed document, ordered by path then code. Never throws. */
export function checkStructure(value: unknown): Issue[] {
  const issues = new IssueList();
  checkDocument(issues, value);
  return issues.sorted();
}
