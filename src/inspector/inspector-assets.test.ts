import { describe, expect, it } from 'vitest';
import { inspectorAssets } from './inspector-assets.js';

const page = () => inspectorAssets().get('')?.body.toString('utf8') ?? '';

describe('inspectorAssets', () => {
  it('serves the page as HTML with its stylesheets inlined, and every module it imports', () => {
    const assets = inspectorAssets();
    expect(assets.get('')?.type).toBe('text/html; charset=utf-8');
    expect(page()).toContain('<style>');
    expect(page()).not.toContain('<!-- stylesheets -->');
    expect(page()).toMatch(/id="inspector-modules">\s*\["[^"]+\.js"/);
    expect(page()).toContain('.journal-list');
    const modules = [...assets.keys()].filter((name) => name.endsWith('.js'));
    expect(modules).toContain('inspector.js');
    for (const name of modules) {
      expect(assets.get(name)?.type).toBe('text/javascript; charset=utf-8');
      const imports = [...(assets.get(name)?.body.toString('utf8') ?? '').matchAll(/from '\.\/([^']+)'/g)];
      for (const [, imported] of imports)
        expect(assets.has(imported ?? ''), `${name} imports ${imported}`).toBe(true);
    }
    expect(assets.get('README.md')?.body.toString('utf8')).toMatch(/^# subcat/);
  });

  it('reads the files once', () => {
    expect(inspectorAssets()).toBe(inspectorAssets());
  });

  it('needs nothing from another origin: no http(s) or protocol-relative address in the page or its modules', () => {
    for (const [name, asset] of inspectorAssets()) {
      if (name === 'README.md') continue;
      const text = asset.body.toString('utf8');
      expect(text, name).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i);
      expect(text, name).not.toMatch(/@import|url\(\s*["']?(https?:)?\/\//i);
      expect(text, name).not.toMatch(/fetch\(\s*['"`]https?:/);
    }
  });
});
