import { parentPort, workerData } from 'node:worker_threads';
import { createJudge, type JudgeSettings } from './judge.js';
import { judgeRecorded, type JudgingSettings, type Recorded } from './recorded-exchange.js';

/** The judging thread of `subcat proxy`: exchanges in, verdicts out, so judging never delays an answer. */
const settings = workerData as JudgeSettings & JudgingSettings;
const { judge } = createJudge(settings);
parentPort?.on('message', ({ recorded, seq }: { recorded: Recorded; seq: number }) => {
  parentPort?.postMessage(judgeRecorded(recorded, seq, judge, settings));
});
