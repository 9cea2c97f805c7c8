export function replayRequest(
  entry: {
    method: string;
    url: string;
    session: string;
    request: { headers: Readonly<Record<string, string>>; body: string | null };
  },
  apiBase: string,
): {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  session: string;
};
