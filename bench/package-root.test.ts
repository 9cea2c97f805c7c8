import { describe, expect, it } from 'vitest';
import { findPackageRoot } from './package-root.js';

const roots = [
  {
    name: 'from dist/bench the checkout is two levels up',
    from: '/repo/dist/bench',
    files: ['/repo/package.json'],
    root: '/repo',
  },
  {
    name: 'a package.json in the folder itself is the root',
    from: '/repo',
    files: ['/repo/package.json'],
    root: '/repo',
  },
  {
    name: 'the nearest package.json wins',
    from: '/repo/node_modules/x/lib',
    files: ['/repo/package.json', '/repo/node_modules/x/package.json'],
    root: '/repo/node_modules/x',
  },
];

describe('findPackageRoot', () => {
  it.each(roots)('$name', ({ from, files, root }) => {
    expect(findPackageRoot(from, (path) => files.includes(path))).toBe(root);
  });

  it('no package.json up to / is an error naming where it started', () => {
    expect(() => findPackageRoot('/a/b', () => false)).toThrow('no package.json at or above /a/b');
  });
});
