// The words of the walkthrough's fix question (client/src/commands/walkthrough.ts), as pure rules.

/**
 * A rollup diagnostic's message without its closing "(difference …, tolerance …).": a quick pick's
 * placeholder is one line of the input box, and the whole message did not fit (the hover and the
 * Problems panel keep it whole). A label's own parentheses stay: only a last group of two parts, at
 * the end.
 */
export function shortRollupMessage(message: string): string {
  return message.replace(/ \([^()]*, [^()]*\)\.?$/, "");
}
