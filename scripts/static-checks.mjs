// `npm test`'s first half: the type-check, ESLint and Prettier side by side rather than one after another
// (about 65 s in a row on the 2-core CI machine; ESLint alone is about 37 s). Each one's output is printed
// whole when it ends, so lines never interleave; the exit code is non-zero when any of them failed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const CHECKS = [
  ['type-check', 'tsc', ['-p', 'tsconfig.json']],
  ['eslint', 'eslint', ['.']],
  ['prettier', 'prettier', ['--check', '.']],
];

function run([name, command, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(`node_modules/.bin/${command}`, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, code: 1, output: String(error), ms: Date.now() - started }));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output, ms: Date.now() - started }));
  });
}

const results = await Promise.all(CHECKS.map(run));
for (const { name, code, output, ms } of results) {
  process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${(ms / 1000).toFixed(1)} s)\n`);
  if (code !== 0 || output.trim() !== '')
    process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
}
process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0;
