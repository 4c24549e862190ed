export declare const L10N_SOURCES: string[];
export declare function extractBundle(root: string): Promise<Record<string, string | { message: string; comment: string[] }>>;
