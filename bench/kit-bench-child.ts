import { writeFileSync } from 'node:fs';
import { main } from '../conformance/cli.js';

// One kit run in its own process, so its peak RSS is its own: `node kit-bench-child.js OUT.json -- <kit args>`.
const [out, separator, ...args] = process.argv.slice(2);
if (out === undefined || separator !== '--') {
  process.stderr.write('usage: kit-bench-child.js OUT.json -- <subcat check arguments>\n');
  process.exit(2);
}
let requests = 0;
const code = await main(args, {
  stdout: (text) => {
    const summary = / — (\d+) requests in /.exec(text);
    if (summary !== null) requests = Number(summary[1]);
  },
  stderr: (text) => process.stderr.write(text),
});
// maxRSS is in kilobytes: the high-water mark of the whole process, start-up included.
const usage = process.resourceUsage();
writeFileSync(
  out,
  JSON.stringify({
    code,
    requests,
    maxRssKb: usage.maxRSS,
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
  }),
);
process.exitCode = 0;
