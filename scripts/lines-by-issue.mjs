// Issue 25 bounds the lines of src/ (non-test, non-generated .ts) and lets the issues filed with it (26-29) add
// their own afterwards. This says whose each line is: `git blame` names the commit that last wrote it, and the
// line counts for the issue that commit's message names (#26, issue 28, ...), else for the issue of the branch
// merged into main that brought it (vendor, statefile, ...), else for issue 25 and the work before it.
// A line another issue wrote and issue 25 later rewrote counts for issue 25. `node scripts/lines-by-issue.mjs [REF]`
import { execFileSync } from 'node:child_process';

const ref = process.argv[2] ?? 'HEAD';
const git = (...args) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 28 });
const BRANCH_ISSUE = {
  vendor: '26',
  cold: '26',
  recipes: '26',
  kitgate: '27',
  gate2: '27',
  kitspeed: '27',
  statefile: '28',
  bounds: '28',
  floods: '28',
  flood: '28',
  proxy: '29',
};
const subjects = new Map();
const subject = (commit) => {
  if (!subjects.has(commit)) subjects.set(commit, git('log', '-1', '--format=%s', commit));
  return subjects.get(commit);
};
// A message that names issue 25 and another issue (a merge of both) counts for the other one.
const namedIssue = (text) => {
  const named = [...text.matchAll(/(?:#|issue )(2[5-9])\b/g)].map((match) => match[1]);
  return named.find((issue) => issue !== '25') ?? named[0];
};

// Every commit, mapped to the commit of main's first-parent line that brought it in.
const broughtBy = new Map();
for (const line of git('rev-list', '--first-parent', '--parents', ref).trim().split('\n')) {
  const [commit, first, merged] = line.split(' ');
  broughtBy.set(commit, commit);
  if (merged === undefined) continue;
  for (const inner of git('rev-list', `${first}..${merged}`).trim().split('\n').filter(Boolean))
    broughtBy.set(inner, commit);
}

const issueOf = (commit) => {
  const own = namedIssue(subject(commit));
  if (own !== undefined) return own;
  const merge = subject(broughtBy.get(commit) ?? commit);
  const branch = /^Merge (?:branch )?'?([\w-]+)/.exec(merge)?.[1];
  return BRANCH_ISSUE[branch] ?? namedIssue(merge) ?? '25';
};

const files = git('ls-tree', '-r', '--name-only', ref, 'src')
  .trim()
  .split('\n')
  .filter((file) => file.endsWith('.ts') && !/\.(test|gen)\.ts$/.test(file));
const counts = {};
const count = (key) => (counts[key] = (counts[key] ?? 0) + 1);
for (const file of files) {
  const part = /^src\/(http|admin|contract)\//.test(file) ? 'http+admin+contract' : 'rest of src';
  let commit;
  for (const line of git('blame', '-w', '-M', '-C', '--line-porcelain', ref, '--', file).split('\n')) {
    if (/^[0-9a-f]{40} /.test(line)) commit = line.slice(0, 40);
    else if (line.startsWith('\t')) count(`${issueOf(commit)}\t${part}`);
  }
}
const total = (issue, part) =>
  Object.entries(counts)
    .filter(([key]) => key.startsWith(issue) && (part === undefined || key.endsWith(part)))
    .reduce((sum, [, n]) => sum + n, 0);
console.log('issue\tsrc\thttp+admin+contract');
for (const issue of ['25', '26', '27', '28', '29'])
  console.log(
    `${issue === '25' ? '25 and before' : issue}\t${total(issue)}\t${total(issue, 'http+admin+contract')}`,
  );
console.log(`all\t${total('')}\t${total('', 'http+admin+contract')}`);
