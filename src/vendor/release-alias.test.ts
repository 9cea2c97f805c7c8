import { describe, expect, it } from 'vitest';
import { releaseAlias } from './release-alias.js';

const cases: { name: string; releaseId: string; asked: string }[] = [
  { name: "the vendor's latestPublished asks for latest", releaseId: 'latestPublished', asked: 'latest' },
  { name: 'latest stays latest', releaseId: 'latest', asked: 'latest' },
  {
    name: 'a release id stays itself',
    releaseId: '0d6e4d8c-5d1b-4b69-9c1f-2f7c1b6a7e11',
    asked: '0d6e4d8c-5d1b-4b69-9c1f-2f7c1b6a7e11',
  },
  { name: 'another case is not the keyword', releaseId: 'latestpublished', asked: 'latestpublished' },
  {
    name: 'the keyword with spaces is not the keyword',
    releaseId: ' latestPublished',
    asked: ' latestPublished',
  },
];

describe('releaseAlias', () => {
  it.each(cases)('$name', ({ releaseId, asked }) => {
    expect(releaseAlias(releaseId)).toBe(asked);
  });
});
