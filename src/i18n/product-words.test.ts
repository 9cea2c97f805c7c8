import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './language.js';
import {
  ADJECTIVES,
  FEATURES,
  MATERIALS,
  NOUNS,
  productDescription,
  productName,
  type ProductWording,
} from './product-words.js';

const wording: ProductWording = { adjective: 0, material: 0, noun: 0, feature: 0, template: 0 };

describe('word tables', () => {
  const tables = [
    { name: 'adjectives', table: ADJECTIVES },
    { name: 'materials', table: MATERIALS },
    { name: 'nouns', table: NOUNS },
    { name: 'features', table: FEATURES },
  ];
  it.each(tables)('align the $name of every language index by index', ({ table }) => {
    const sizes = SUPPORTED_LANGUAGES.map((language) => table[language].length);
    expect(new Set(sizes).size).toBe(1);
    for (const language of SUPPORTED_LANGUAGES)
      expect(table[language].every((word) => word.trim() !== '')).toBe(true);
  });
});

describe('productName', () => {
  const names = [
    { language: 'en-US', expected: 'Rustic Wooden Chair' },
    { language: 'fr-FR', expected: 'Chaise rustique en bois' },
    { language: 'de-DE', expected: 'Stuhl aus Holz, rustikal' },
  ] as const;
  it.each(names)('names the same product in $language as $expected', ({ language, expected }) => {
    expect(productName(wording, language)).toBe(expected);
  });

  it('wraps indexes past the end of a table instead of failing', () => {
    expect(productName({ ...wording, noun: NOUNS['en-US'].length }, 'en-US')).toBe('Rustic Wooden Chair');
  });
});

describe('productDescription', () => {
  it.each(SUPPORTED_LANGUAGES)(
    'mentions the localised name in %s and differs between languages',
    (language) => {
      const description = productDescription({ ...wording, template: 1, feature: 2 }, language);
      expect(description).toContain(productName(wording, language));
      const others = SUPPORTED_LANGUAGES.filter((other) => other !== language);
      for (const other of others)
        expect(productDescription({ ...wording, template: 1, feature: 2 }, other)).not.toBe(description);
    },
  );
});
