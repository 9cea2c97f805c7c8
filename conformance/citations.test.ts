import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS } from './checks/index.js';
import { CONTRACT, DECISION_SECTIONS, NEVER_5XX } from './citations.js';
import { packageRoot } from './spec.js';

// The contract documents live beside the repository (shared/contract), as they do in CI.
const contractDir = join(packageRoot(), 'contract');
const flat = (text: string) => text.replace(/\s+/g, ' ');
const interfaceText = flat(readFileSync(join(contractDir, 'interface.md'), 'utf8'));
const decisionsText = readFileSync(join(contractDir, 'decisions.md'), 'utf8');

/** The quoted line of an `interface.md § Section: "line"` citation. */
function quoted(cites: string): string | undefined {
  return /^interface\.md § [^:]+: "(.+?)"/.exec(cites)?.[1];
}

describe('every check cites where its rule comes from', () => {
  const cases = CHECKS.map((check) => [check.id, check] as const);
  it.each(cases)('%s cites its source', (_id, check) => {
    if (check.source === 'contract') {
      expect(check.cites).toMatch(/^(interface\.md § [^:]+: ".+"|run option --[a-z-]+)/);
    } else {
      expect(check.cites).toMatch(new RegExp(`^decisions\\.md § (${DECISION_SECTIONS.join('|')})`));
    }
  });
});

describe('the cited interface.md lines are in interface.md, verbatim', () => {
  const citations = [
    ...Object.entries(CONTRACT),
    ['never a 5xx', NEVER_5XX],
    ...CHECKS.map((check) => [check.id, check.cites]),
  ].filter(([, cites]) => cites?.startsWith('interface.md') === true);
  it.each(citations)('%s quotes interface.md', (_name, cites) => {
    const line = quoted(cites ?? '');
    expect(line).toBeDefined();
    expect(interfaceText).toContain(flat(line ?? ''));
  });
});

describe('the cited decisions.md sections exist', () => {
  it.each(DECISION_SECTIONS.map((section) => [section]))('decisions.md has a section %s', (section) => {
    expect(decisionsText).toMatch(new RegExp(`^## ${section}$`, 'm'));
  });
});
