declare const FSDOC_VERSION: string;

export const version = typeof FSDOC_VERSION === "string" ? FSDOC_VERSION : "0.0.0-dev";
