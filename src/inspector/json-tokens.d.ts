export function indentLoose(text: string): string;
export function prettyBody(body: string | null | undefined): { text: string; json: boolean };
export interface JsonToken {
  kind: 'key' | 'string' | 'number' | 'literal' | 'plain';
  text: string;
}
export function jsonTokens(text: string): JsonToken[];
