export function isSessionName(name: string, pattern: RegExp): boolean;
export function sessionFromQuery(search: string, pattern: RegExp): string;
export function sessionQuery(name: string): string;
