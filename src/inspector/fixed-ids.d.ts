export function fixedIds(ids: unknown, prefix?: string): { name: string; value: string }[];
