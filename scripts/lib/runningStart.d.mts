// Types for runningStart.mjs (used by test/project/startRunning.test.ts).
export interface RunningStart {
  pid: number;
  port: number;
  url: string;
}
export function runningStart(file: string): Promise<RunningStart | undefined>;
export function recordRunningStart(file: string, start: { port: number; url: string }): () => void;
