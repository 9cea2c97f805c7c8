import { describe, expect, it } from 'vitest';
import { assetLink } from './asset-link.js';

const BASE = 'http://127.0.0.1:4010/v2';

describe('assetLink', () => {
  it.each([
    ['a placeholder image', 'asset:5f0c.svg', `${BASE}/__subcat/assets/5f0c.svg`],
    ['a placeholder document', 'asset:5f0c.pdf', `${BASE}/__subcat/assets/5f0c.pdf`],
    [
      'a link a client sent, kept',
      'https://files.example.com/beans.png',
      'https://files.example.com/beans.png',
    ],
    [
      'a link merely containing asset:, kept',
      'https://x.example/asset:1.svg',
      'https://x.example/asset:1.svg',
    ],
  ])('%s', (_title, stored, shown) => {
    expect(assetLink(stored, BASE)).toBe(shown);
  });
});
