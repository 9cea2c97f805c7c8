import { describe, expect, it } from 'vitest';
import { loadAdminSpec, loadSpec } from './spec-document.js';
import { PATTERN_WORDS } from './violation.js';

/** Every `pattern` a schema of `node` holds, at any depth. */
function patternsOf(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) patternsOf(item, found);
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') found.add(value);
      else patternsOf(value, found);
    }
  return found;
}

describe('PATTERN_WORDS', () => {
  const documents = [
    { name: 'spec/openapi.yaml', patterns: [...patternsOf(loadSpec())] },
    { name: 'spec/admin.openapi.yaml', patterns: [...patternsOf(loadAdminSpec())] },
  ];
  // A pattern without words gives "is not in the expected format": the field, but not the rule.
  it.each(documents)('words every pattern of $name', ({ patterns }) => {
    expect(patterns.length).toBeGreaterThan(0);
    expect(patterns.filter((pattern) => !Object.hasOwn(PATTERN_WORDS, pattern))).toEqual([]);
  });
});
