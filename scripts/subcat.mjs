// `npm start` / `npm run mock` / `npm run check`: builds when stale, then runs the CLI in this process, which
// stops when npm (its parent) is gone: see runAsProcess in src/cli.ts, shared with the installed bin.
import './build-if-stale.mjs';

const { runAsProcess } = await import('../dist/src/cli.js');
runAsProcess(process.argv.slice(2));
