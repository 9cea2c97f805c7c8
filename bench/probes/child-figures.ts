/**
 * The positive numbers `keys` of the last line a probe's child printed (one JSON object), or a sentence saying
 * what was wrong with its output.
 * @example childFigures('{"coldMs":812,"warmMs":210}\n', ['coldMs', 'warmMs']) // { coldMs: 812, warmMs: 210 }
 */
export function childFigures<K extends string>(
  stdout: string,
  keys: readonly K[],
): Record<K, number> | string {
  const line = stdout.trim().split('\n').at(-1) ?? '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return `no JSON line in the child's output: ${JSON.stringify(stdout.slice(-200))}`;
  }
  const values = (parsed ?? {}) as Record<string, unknown>;
  const figures = {} as Record<K, number>;
  for (const key of keys) {
    const value = values[key];
    if (typeof value !== 'number' || !(value > 0))
      return `the child printed no positive ${keys.join(' and ')}: ${line}`;
    figures[key] = value;
  }
  return figures;
}
