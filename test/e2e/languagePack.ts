// The minimal language pack the German e2e installs (scripts/lib/languagePack.mjs, shared with npm
// start's --locale).

export { PROBLEMS_TITLE, writeLanguagePack } from "../../scripts/lib/languagePack.mjs";
