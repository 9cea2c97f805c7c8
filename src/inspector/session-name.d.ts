export function isSessionName(name: string): boolean;
export function sessionFromQuery(search: string): string;
export function sessionQuery(name: string): string;
