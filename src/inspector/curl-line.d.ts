export const LEFT_OUT: RegExp;
export function curlLine(request: {
  method: string;
  url: string;
  headers?: Readonly<Record<string, string>>;
  body?: string | null;
}): string;
