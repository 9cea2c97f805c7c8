import { describe, expect, it } from 'vitest';
import { placeholderImage } from './placeholder-image.js';

const ID = '520d7a45-b89e-4889-8e0d-20598a66780e';

describe('placeholderImage', () => {
  it('gives the same bytes for the same id, every time', () => {
    expect(placeholderImage(`${ID}.svg`)).toBe(placeholderImage(`${ID}.svg`));
  });

  it('gives other bytes for another id', () => {
    expect(placeholderImage('569f10c9-8837-4eb6-bcef-51d61536faa5.svg')).not.toBe(
      placeholderImage(`${ID}.svg`),
    );
  });

  it('is one small SVG document titled with the id, showing its first eight characters', () => {
    const svg = placeholderImage(`${ID}.svg`) ?? '';
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*>.*<\/svg>$/);
    expect(svg).toContain(`<title>placeholder ${ID}</title>`);
    expect(svg).toContain('>520d7a45</text>');
    expect(svg.length).toBeLessThan(2_000);
  });

  const names = [
    { name: 'an id with letters, digits, _ and -', file: 'house_blend-2.svg', served: true },
    { name: 'an id of 64 characters', file: `${'a'.repeat(64)}.svg`, served: true },
    { name: 'an id of 65 characters', file: `${'a'.repeat(65)}.svg`, served: false },
    { name: 'another extension', file: `${ID}.png`, served: false },
    { name: 'no extension', file: ID, served: false },
    { name: 'an empty id', file: '.svg', served: false },
    { name: 'a dot in the id', file: 'a.b.svg', served: false },
    { name: 'markup in the id', file: '<script>.svg', served: false },
    { name: 'an upper-case extension', file: `${ID}.SVG`, served: false },
  ];
  it.each(names)('$name: served $served', ({ file, served }) => {
    expect(placeholderImage(file) !== undefined).toBe(served);
  });
});
