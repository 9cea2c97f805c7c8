/** Storefront languages the mock localises into; the first is the fallback (decisions.md). */
export const SUPPORTED_LANGUAGES = ['en-US', 'fr-FR', 'de-DE'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

export function isLanguage(value: string): value is Language {
  return SUPPORTED_LANGUAGES.some((language) => language === value);
}

interface LanguageRange {
  tag: string;
  q: number;
  position: number;
}

// RFC 9110 qvalue: 0, 1, or up to three decimals.
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;
const RANGE = /^(?:\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)$/;

/** The best supported language for Accept-Language: by q, exact tag, then primary language, then `*`; else en-US. */
export function negotiateLanguage(header: string | readonly string[] | null | undefined): Language {
  const text = typeof header === 'string' ? header : Array.isArray(header) ? header.join(',') : '';
  const ranges = parseRanges(text);
  const refused = new Set(ranges.filter((range) => range.q === 0).map((range) => range.tag));
  const wanted = ranges.filter((range) => range.q > 0).sort((a, b) => b.q - a.q || a.position - b.position);
  for (const { tag } of wanted) {
    const match =
      tag === '*' ? SUPPORTED_LANGUAGES.find((language) => !isRefused(language, refused)) : matchTag(tag);
    if (match !== undefined) return match;
  }
  return DEFAULT_LANGUAGE;
}

/** `en;q=0` refuses every English variant, `en-US;q=0` only that one. */
function isRefused(language: Language, refused: ReadonlySet<string>): boolean {
  const tag = language.toLowerCase();
  return refused.has(tag) || refused.has(primaryOf(tag));
}

function primaryOf(tag: string): string {
  return tag.split('-')[0] ?? tag;
}

function matchTag(tag: string): Language | undefined {
  const exact = SUPPORTED_LANGUAGES.find((language) => language.toLowerCase() === tag);
  if (exact !== undefined) return exact;
  const primary = primaryOf(tag);
  return SUPPORTED_LANGUAGES.find((language) => primaryOf(language.toLowerCase()) === primary);
}

function parseRanges(text: string): LanguageRange[] {
  const ranges: LanguageRange[] = [];
  text.split(',').forEach((part, position) => {
    const [rawTag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!RANGE.test(rawTag)) return;
    let q = 1;
    for (const parameter of parameters) {
      const [name = '', value = ''] = parameter.split('=').map((piece) => piece.trim());
      if (name.toLowerCase() !== 'q') continue;
      // A malformed weight makes the whole range unusable rather than guessing what was meant.
      if (!QVALUE.test(value)) return;
      q = Number(value);
    }
    ranges.push({ tag: rawTag.toLowerCase(), q, position });
  });
  return ranges;
}
