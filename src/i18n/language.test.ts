import { describe, expect, it } from 'vitest';
import { negotiateLanguage, type Language } from './language.js';

const cases: { header: string | string[] | undefined; expected: Language; why: string }[] = [
  { header: undefined, expected: 'en-US', why: 'no header falls back to en-US' },
  { header: '', expected: 'en-US', why: 'an empty header falls back to en-US' },
  { header: 'fr-FR', expected: 'fr-FR', why: 'an exact tag is chosen' },
  { header: 'DE-de', expected: 'de-DE', why: 'tags compare case-insensitively' },
  { header: 'fr', expected: 'fr-FR', why: 'a bare primary language picks its supported region' },
  {
    header: 'fr-CA',
    expected: 'fr-FR',
    why: 'another region of a supported language picks the supported one',
  },
  { header: 'es-ES', expected: 'en-US', why: 'an unsupported language falls back to en-US' },
  { header: '*', expected: 'en-US', why: 'the wildcard takes the default' },
  {
    header: 'es, de;q=0.5',
    expected: 'de-DE',
    why: 'an unsupported first choice yields to the next supported one',
  },
  {
    header: 'de;q=0.8, fr-CA, en;q=0.5',
    expected: 'fr-FR',
    why: 'the highest weight wins, not the first listed',
  },
  { header: 'en;q=0.5, de;q=0.5', expected: 'en-US', why: 'equal weights keep header order' },
  { header: 'fr;q=0, de', expected: 'de-DE', why: 'q=0 refuses a language' },
  { header: 'en;q=0, *', expected: 'fr-FR', why: 'the wildcard skips refused languages' },
  { header: 'en-US;q=0, *;q=0.1', expected: 'fr-FR', why: 'a refused exact tag is skipped by the wildcard' },
  { header: 'de;q=2, fr', expected: 'fr-FR', why: 'a malformed weight drops that range' },
  { header: 'de;q=abc', expected: 'en-US', why: 'a range with a non-numeric weight is ignored' },
  { header: ';;;,,,==', expected: 'en-US', why: 'garbage falls back to en-US' },
  { header: 'x'.repeat(5000), expected: 'en-US', why: 'an oversized tag is ignored' },
  { header: ['de-DE', 'fr'], expected: 'de-DE', why: 'repeated headers are read as one list' },
  {
    header: ' fr-FR ; q=0.9 , de-DE ; q=0.95 ',
    expected: 'de-DE',
    why: 'whitespace around parts is ignored',
  },
];

describe('negotiateLanguage', () => {
  it.each(cases)('$why ($header -> $expected)', ({ header, expected }) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });
});
