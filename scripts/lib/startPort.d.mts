// Types for startPort.mjs (used by test/project/startPort.test.ts).
export function choosePort(options: { requested: number; portFile: string }): Promise<{ port: number; note: string | undefined }>;
