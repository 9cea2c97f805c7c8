/**
 * A small seeded generator (mulberry32) for the control plane's choices: which request a fault with a
 * probability hits, how long a ranged delay lasts. Seeded, so a failing run repeats.
 * @example const draws = seededDraws(7); draws() // the same number in [0, 1) on every run
 */
export function seededDraws(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
