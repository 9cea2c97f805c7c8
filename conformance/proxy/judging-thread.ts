import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Judge, JudgeSettings } from './judge.js';
import { judgeRecorded, type Judged, type JudgingSettings, type Recorded } from './recorded-exchange.js';

/** Where exchanges are judged: a worker thread when the compiled worker is there, else this thread. */
export interface JudgingThread {
  /** Verdicts come back in the order exchanges were submitted. */
  submit(recorded: Recorded, seq: number): Promise<Judged>;
  close(): Promise<void>;
}

const WORKER = new URL('./judge-worker.js', import.meta.url);

/**
 * Judging costs a millisecond or more an exchange (schema and oracles): on the proxy's own thread it would
 * delay the next answer, so the built CLI judges on a worker (bench: proxy-latency). Run from the TypeScript
 * sources (the tests) there is no compiled worker and exchanges are judged here, after the answer.
 */
export function judgingThread(judge: Judge, settings: JudgeSettings & JudgingSettings): JudgingThread {
  const inline: JudgingThread = {
    submit: (recorded, seq) =>
      new Promise((resolve, reject) =>
        setImmediate(() => {
          try {
            // Cloned as the worker receives it, so the tests (run here) see what the worker sees.
            resolve(judgeRecorded(structuredClone(recorded), seq, judge, settings));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        }),
      ),
    close: () => Promise.resolve(),
  };
  if (!existsSync(fileURLToPath(WORKER))) return inline;
  const worker = new Worker(WORKER, { workerData: settings });
  const waiting: Array<{ resolve: (judged: Judged) => void; reject: (error: Error) => void }> = [];
  let broken: Error | undefined;
  worker.on('message', (judged: Judged) => waiting.shift()?.resolve(judged));
  worker.on('error', (error) => {
    broken = error;
    for (const pending of waiting.splice(0)) pending.reject(error);
  });
  return {
    submit(recorded, seq) {
      // A worker that died judges nothing more: this thread takes over rather than lose verdicts.
      if (broken !== undefined) return inline.submit(recorded, seq);
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        worker.postMessage({ recorded, seq });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
