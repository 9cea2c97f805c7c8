// Child entry of the ceiling server: `node ceiling-main.js RESPONSES.json PORT`.
import { readFileSync } from 'node:fs';
import { createCeilingServer, type CapturedResponse } from './ceiling-server.js';

const [file, port] = process.argv.slice(2);
if (file === undefined || port === undefined) {
  process.stderr.write('usage: node ceiling-main.js RESPONSES.json PORT\n');
  process.exit(2);
}
const responses = JSON.parse(readFileSync(file, 'utf8')) as CapturedResponse[];
const server = createCeilingServer(responses);
server.listen(Number(port), '127.0.0.1', () => {
  process.stdout.write(`ceiling listening on http://127.0.0.1:${port}\n`);
});
