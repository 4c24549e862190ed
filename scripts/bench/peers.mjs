// The peers we compare against: the JSON.parse floor, a tolerant parse tree (what an editor
// needs), and two schema-only validators (what a user gets without our extension).
import { readFileSync } from "node:fs";
import { parseTree } from "jsonc-parser";
import Ajv2020Module from "ajv/dist/2020.js";
import { getLanguageService } from "vscode-json-languageservice";
import { TextDocument } from "vscode-languageserver-textdocument";

const schemaPath = new URL("../../schema/0.2/fs-document.schema.json", import.meta.url);
const schemaText = readFileSync(schemaPath, "utf8");
const schema = JSON.parse(schemaText);
// Ajv ships CommonJS with `exports.default`; Node's ESM wrapper nests it one level deeper.
const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;

export function jsonParse(text) {
  return JSON.parse(text);
}

export function jsoncParseTree(text) {
  const errors = [];
  const root = parseTree(text, errors, { disallowComments: true });
  return { root, errors };
}

// Compiling is a one-off cost an editor or CI pays once per process, so it stays out of the runs.
let ajvValidator;
export function prepareAjv() {
  ajvValidator ??= new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  return ajvValidator;
}

export function ajvSchemaOnly(text) {
  const validate = prepareAjv();
  const valid = validate(JSON.parse(text));
  return { valid, errors: validate.errors ?? [] };
}

// Served through schemaRequestService as well as inline, so the service never tries the network
// whichever way it resolves the id.
const schemaUri = schema.$id;
let languageService;
export function prepareJsonLanguageService() {
  if (!languageService) {
    languageService = getLanguageService({
      schemaRequestService: async (uri) => {
        if (uri === schemaUri) return schemaText;
        throw new Error(`bench: no network access for schema ${uri}`);
      },
    });
    languageService.configure({ validate: true, allowComments: false, schemas: [{ uri: schemaUri, fileMatch: ["*.json"], schema }] });
  }
  return languageService;
}

// A fresh version per call, so no cache keyed on (uri, version) can short-circuit a run.
let documentVersion = 0;
export async function jsonLanguageServiceSchemaOnly(text) {
  const service = prepareJsonLanguageService();
  const document = TextDocument.create("file:///bench/fs-document.json", "json", ++documentVersion, text);
  const jsonDocument = service.parseJSONDocument(document);
  const diagnostics = await service.doValidation(document, jsonDocument, { comments: "error", trailingCommas: "error" });
  return diagnostics;
}
