export function linkOf(
  text: string,
  apiBase: string,
  pageHref: string,
): { open: string; follow?: undefined } | { follow: string; open?: undefined } | undefined;
