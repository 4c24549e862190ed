// ESLint rule fs-l10n/no-bare-ui-string: words shown to people must go through l10n.t (docs/localization.md).
// The bundle check (test/project/l10n.test.ts) only sees strings that are wrapped; this rule finds
// the ones that are not, where the text reaches the user: the VS Code API's messages, progress,
// quick picks, input boxes and dialogs; tree, status and language status items; lens, command and
// code action titles; markdown and diagnostics made in the server; and the preview's DOM text.
// A literal with no letter in it ("", "×", "↑", "$(check)") is not words, and a template literal
// that only joins values (`${a} ${b}`) adds none; everything else written into those places is flagged.

const LETTER = /\p{L}/u;
/** `$(name)` codicons and Σ (the sum sign): not words. */
const NOT_WORDS = /\$\([\w~-]+\)|Σ/g;

const hasWords = (text) => LETTER.test(text.replace(NOT_WORDS, ""));

/** The bare words in `node` (a literal, a template, or what a conditional, a `+`, `??` or `||` makes of them). */
function bareWords(node) {
  if (node === null || node === undefined) return [];
  switch (node.type) {
    case "Literal":
      return typeof node.value === "string" && hasWords(node.value) ? [node] : [];
    case "TemplateLiteral":
      return node.quasis.some((quasi) => hasWords(quasi.value.cooked ?? quasi.value.raw)) ? [node] : node.expressions.flatMap(bareWords);
    case "ConditionalExpression":
      return [...bareWords(node.consequent), ...bareWords(node.alternate)];
    case "LogicalExpression":
      return node.operator === "&&" ? bareWords(node.right) : [...bareWords(node.left), ...bareWords(node.right)];
    case "BinaryExpression":
      return node.operator === "+" ? [...bareWords(node.left), ...bareWords(node.right)] : [];
    case "TSAsExpression":
    case "TSSatisfiesExpression":
    case "TSNonNullExpression":
      return bareWords(node.expression);
    default:
      return [];
  }
}

const propertyName = (node) =>
  node.type === "Identifier" ? node.name : node.type === "Literal" && typeof node.value === "string" ? node.value : node.type === "PrivateIdentifier" ? node.name : undefined;

/** The name a call or `new` is made through: `showQuickPick` for `vscode.window.showQuickPick(...)`. */
function calleeName(callee) {
  if (callee.type === "Identifier") return callee.name;
  if (callee.type === "MemberExpression" && !callee.computed) return propertyName(callee.property);
  return undefined;
}

/** `Diagnostic.create`, `vscode.CodeAction`: the object part of a member callee, if it is a name. */
function calleeObject(callee) {
  if (callee.type !== "MemberExpression") return undefined;
  const object = callee.object;
  if (object.type === "Identifier") return object.name;
  if (object.type === "MemberExpression" && !object.computed) return propertyName(object.property);
  return undefined;
}

/** Messages whose every argument that is text is shown (the message and its buttons). */
const MESSAGE_CALLS = new Set(["showInformationMessage", "showWarningMessage", "showErrorMessage", "setStatusBarMessage"]);
/** Calls whose object arguments (and arrays of them: quick pick items) carry visible text in these properties. */
const OPTION_CALLS = new Set(["showQuickPick", "showInputBox", "withProgress", "showSaveDialog", "showOpenDialog", "createWebviewPanel"]);
const OPTION_PROPERTIES = new Set(["title", "placeHolder", "prompt", "label", "description", "detail", "openLabel", "saveLabel", "validationMessage"]);
/** Objects made with their visible text as an argument: `new TreeItem(label)`, `Diagnostic.create(range, message)`… (argument index). */
const CONSTRUCTED_TEXT = new Map([
  ["TreeItem", 0],
  ["MarkdownString", 0],
  ["CodeAction", 0],
  ["Diagnostic", 1],
  ["DiagnosticRelatedInformation", 1],
  ["CompletionItem", -1],
  ["Hover", 0],
  ["createWebviewPanel", 1],
]);
const FACTORY_TEXT = new Map([
  ["Diagnostic.create", 1],
  ["DiagnosticRelatedInformation.create", 1],
  ["CodeAction.create", 0],
  ["Command.create", 0],
  ["MarkupContent.create", -1],
]);
/** Properties that are visible text wherever an object literal or an assignment sets them. */
const TEXT_PROPERTIES = new Set(["title", "tooltip", "placeholder", "placeHolder", "prompt", "detail", "documentation", "textContent", "innerText", "ariaLabel"]);
/** Properties that are visible text on these kinds of objects only: a diagnostic's or related information's message, a status item's text. */
const CONTEXT_PROPERTIES = new Set(["message", "label", "description", "text"]);
/** Functions of ours whose text argument is shown: the preview's screen-reader-only text. */
const OWN_TEXT_CALLS = new Map([["srOnly", 1]]);
/** DOM attributes that people read (or hear). */
const TEXT_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "aria-description", "aria-roledescription"]);
/** Markdown-building methods. */
const MARKDOWN_CALLS = new Set(["appendMarkdown", "appendText"]);

/** `label` and the like are visible when the object they are set on is one of these (by a hint in the code: a `range`, `kind` or `command` beside them, or an assignment to an item). */
const VISIBLE_HINTS = new Set(["range", "severity", "kind", "command", "location", "insertText", "iconPath", "collapsibleState", "picked", "alwaysShow", "buttons"]);

/** Whether `name` in the object literal `node` is visible text wherever the object goes. */
function objectReports(node, name) {
  if (TEXT_PROPERTIES.has(name)) return true;
  if (!CONTEXT_PROPERTIES.has(name)) return false;
  return node.properties.some((property) => property.type === "Property" && !property.computed && VISIBLE_HINTS.has(propertyName(property.key)));
}

export const noBareUiString = {
  meta: {
    type: "problem",
    docs: { description: "Text shown to people goes through l10n.t (vscode.l10n.t in client/, @vscode/l10n elsewhere)." },
    schema: [],
    messages: {
      bare: "{{ where }} is shown to people: wrap the text in l10n.t (docs/localization.md).",
    },
  },
  create(context) {
    const report = (node, where) => {
      for (const words of bareWords(node)) context.report({ node: words, messageId: "bare", data: { where } });
    };
    const reportProperties = (node, names, where) => {
      if (node?.type === "ArrayExpression") {
        for (const element of node.elements) reportProperties(element, names, where);
        return;
      }
      if (node?.type !== "ObjectExpression") return;
      for (const property of node.properties) {
        if (property.type !== "Property" || property.computed) continue;
        const name = propertyName(property.key);
        // What the ObjectExpression visitor reports anyway is not reported twice.
        if (name !== undefined && names.has(name) && !objectReports(node, name)) report(property.value, `${where}'s ${name}`);
      }
    };
    const textArgument = (node, index, where) => {
      const args = node.arguments;
      if (index === -1) for (const argument of args) report(argument, where);
      else report(args[index], where);
    };
    return {
      CallExpression(node) {
        const name = calleeName(node.callee);
        if (name === undefined) return;
        if (MESSAGE_CALLS.has(name)) {
          for (const argument of node.arguments) report(argument, `The ${name} text`);
          return;
        }
        if (OPTION_CALLS.has(name)) {
          for (const argument of node.arguments) reportProperties(argument, OPTION_PROPERTIES, name);
          if (name === "createWebviewPanel") report(node.arguments[1], "A webview panel's title");
          return;
        }
        if (MARKDOWN_CALLS.has(name)) {
          report(node.arguments[0], `Markdown (${name})`);
          return;
        }
        if (name === "setAttribute" && node.arguments[0]?.type === "Literal" && TEXT_ATTRIBUTES.has(String(node.arguments[0].value))) {
          report(node.arguments[1], `The ${node.arguments[0].value} attribute`);
          return;
        }
        if (OWN_TEXT_CALLS.has(name)) {
          report(node.arguments[OWN_TEXT_CALLS.get(name)], `The ${name} text`);
          return;
        }
        const factory = `${calleeObject(node.callee)}.${name}`;
        if (FACTORY_TEXT.has(factory)) textArgument(node, FACTORY_TEXT.get(factory), `${factory}'s text`);
      },
      NewExpression(node) {
        const name = calleeName(node.callee);
        if (name !== undefined && CONSTRUCTED_TEXT.has(name)) textArgument(node, CONSTRUCTED_TEXT.get(name), `A ${name}'s text`);
      },
      AssignmentExpression(node) {
        if (node.left.type !== "MemberExpression" || node.left.computed) return;
        const name = propertyName(node.left.property);
        if (name === undefined) return;
        if (TEXT_PROPERTIES.has(name) || CONTEXT_PROPERTIES.has(name)) report(node.right, `The ${name} set here`);
      },
      ObjectExpression(node) {
        for (const property of node.properties) {
          if (property.type !== "Property" || property.computed) continue;
          const name = propertyName(property.key);
          if (name !== undefined && objectReports(node, name)) report(property.value, `The ${name}`);
        }
      },
    };
  },
};

export default { rules: { "no-bare-ui-string": noBareUiString } };
