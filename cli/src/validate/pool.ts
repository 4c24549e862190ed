// Validating many files on worker threads, results in task order. Each worker is this same bundle
// (dist/cli.js) started with workerData.role = WORKER_ROLE; it runs checkFile for each task it is
// sent. A worker keeps two tasks in hand so it never waits for the main thread between files.
// Outcomes are handed to `emit` strictly in task order, as soon as every earlier one has arrived,
// so output streams in a stable order however the workers finish.

import { Worker, parentPort } from "node:worker_threads";
import { checkFile, type CheckOptions, type CheckOutcome, type CheckTask } from "./check";

export const WORKER_ROLE = "fsdoc-validate-worker";

interface TaskMessage {
  index: number;
  task: CheckTask;
  options: CheckOptions;
}

type ResultMessage = { index: number; outcome: CheckOutcome } | { index: number; failure: string };

const IN_FLIGHT_PER_WORKER = 2;

export async function checkAll(tasks: readonly CheckTask[], options: CheckOptions, jobs: number, emit: (outcome: CheckOutcome, index: number) => Promise<void>): Promise<void> {
  if (jobs <= 1 || tasks.length <= 1) {
    for (let index = 0; index < tasks.length; index++) await emit(checkFile(tasks[index] as CheckTask, options), index);
    return;
  }
  const workers = Array.from({ length: Math.min(jobs, tasks.length) }, () => new Worker(__filename, { workerData: { role: WORKER_ROLE } }));
  const done = new Map<number, CheckOutcome>();
  let next = 0;
  let emitted = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let emitting = Promise.resolve();
      const feed = (worker: Worker) => {
        if (next < tasks.length) worker.postMessage({ index: next, task: tasks[next++] as CheckTask, options } satisfies TaskMessage);
      };
      const flush = () => {
        emitting = emitting.then(async () => {
          while (done.has(emitted)) {
            const outcome = done.get(emitted) as CheckOutcome;
            done.delete(emitted);
            await emit(outcome, emitted++);
          }
          if (emitted === tasks.length) resolve();
        });
        emitting.catch(reject);
      };
      for (const worker of workers) {
        worker.on("message", (message: ResultMessage) => {
          if ("failure" in message) {
            reject(new Error(`validating ${tasks[message.index]?.display}: ${message.failure}`));
            return;
          }
          done.set(message.index, message.outcome);
          feed(worker);
          flush();
        });
        worker.on("error", reject);
        worker.on("exit", (code) => {
          if (code !== 0 && emitted < tasks.length) reject(new Error(`a validation worker stopped with exit code ${code}`));
        });
        for (let i = 0; i < IN_FLIGHT_PER_WORKER; i++) feed(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** The worker side: answer each task until the main thread terminates the worker. */
export function serveWorker(): void {
  parentPort?.on("message", (message: TaskMessage) => {
    let reply: ResultMessage;
    try {
      reply = { index: message.index, outcome: checkFile(message.task, message.options) };
    } catch (error) {
      reply = { index: message.index, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    parentPort?.postMessage(reply);
  });
}
