// `npm start` / `npm run mock` / `npm run check`: builds when stale, then runs the CLI in this process.
import './build-if-stale.mjs';

// npm runs a script through a shell and passes a signal (`kill <npm's pid>`) to that shell only, which dies
// without passing it on. So the CLI follows its parent: once the shell is gone (the parent process changed),
// it gets the SIGTERM it missed and stops as it would on one. `exec` in the script would do it on a POSIX
// shell alone, not in cmd.exe.
const parent = process.ppid;
const following = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(following); // once: a second SIGTERM means "stop now", cutting what is in flight
  process.kill(process.pid, 'SIGTERM');
}, 250).unref();

const { main } = await import('../dist/src/cli.js');
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`subcat: ${error?.stack ?? String(error)}\n`);
    process.exit(1);
  },
);
