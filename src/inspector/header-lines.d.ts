export function headerLines(text: string): { headers: Record<string, string>; problems: string[] };
