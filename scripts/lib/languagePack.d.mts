export declare const PROBLEMS_TITLE: { module: string; key: string };
export declare function writeLanguagePack(parent: string, languageId: string, languageName: string, problemsTitle: string): string;
export declare function registerLanguagePack(options: { parent: string; userDataDir: string; languageId: string; languageName: string; problemsTitle: string }): void;
