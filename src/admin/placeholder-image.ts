import { createHash } from 'node:crypto';

const FILE = /^([A-Za-z0-9_-]{1,64})\.svg$/;

/** A small SVG for an image id, coloured from its hash (the same bytes for the same id); undefined for other names. */
export function placeholderImage(file: string): string | undefined {
  const id = FILE.exec(file)?.[1];
  if (id === undefined) return undefined;
  const hash = createHash('sha256').update(id).digest();
  const hue = ((hash[0] ?? 0) * 360) / 256;
  const second = (hue + 40 + ((hash[1] ?? 0) % 120)) % 360;
  const shape = (hash[2] ?? 0) % 3;
  const figure = [
    '<circle cx="200" cy="150" r="70" fill="url(#b)"/>',
    '<rect x="130" y="80" width="140" height="140" rx="18" fill="url(#b)"/>',
    '<polygon points="200,70 285,220 115,220" fill="url(#b)"/>',
  ][shape];
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" role="img">',
    `<title>placeholder ${id}</title>`,
    `<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue.toFixed(0)} 60% 88%)"/><stop offset="1" stop-color="hsl(${second.toFixed(0)} 55% 78%)"/></linearGradient>`,
    `<linearGradient id="b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue.toFixed(0)} 55% 55%)"/><stop offset="1" stop-color="hsl(${second.toFixed(0)} 50% 40%)"/></linearGradient></defs>`,
    '<rect width="400" height="300" fill="url(#a)"/>',
    figure,
    `<text x="200" y="270" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#333">${id.slice(0, 8)}</text>`,
    '</svg>',
  ].join('');
}
