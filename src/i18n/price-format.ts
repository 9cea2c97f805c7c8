interface CurrencyFormat {
  formatter: Intl.NumberFormat;
  /** Digits of the currency's smallest subdivision (ISO 4217 via ICU): USD 2, JPY 0. */
  digits: number;
  /** Formatted amounts by amount in the smallest subdivision: catalogs repeat the same shelf prices. */
  formatted: Map<number, string>;
}

/** Formatted amounts kept per language and currency; past this the memo starts over (it only saves time). */
export const MAX_FORMATTED_AMOUNTS = 20_000;

// Intl.NumberFormat construction is far slower than format(); one per language and currency, found
// without building a key string on every call.
const formats = new Map<string, Map<string, CurrencyFormat>>();

function formatFor(currency: string, language: string): CurrencyFormat {
  let byCurrency = formats.get(language);
  if (byCurrency === undefined) {
    byCurrency = new Map();
    formats.set(language, byCurrency);
  }
  let format = byCurrency.get(currency);
  if (format === undefined) {
    const formatter = new Intl.NumberFormat(language, { style: 'currency', currency });
    const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
    format = { formatter, digits, formatted: new Map() };
    byCurrency.set(currency, format);
  }
  return format;
}

/** Digits after the decimal point of a currency's smallest subdivision: USD 2, JPY 0. */
export function minorUnitDigits(currency: string): number {
  return formatFor(currency, 'en-US').digits;
}

/**
 * An amount in the currency's smallest subdivision, formatted for a language.
 * ICU separates number and symbol with a no-break space (U+00A0) where the locale puts one.
 * @example formatPrice(1010, 'USD', 'en-US') // '$10.10'
 * @example formatPrice(1010, 'USD', 'de-DE') // '10,10\u00a0$'
 */
export function formatPrice(amount: number, currency: string, language: string): string {
  const { formatter, digits, formatted } = formatFor(currency, language);
  // A Map takes -0 for 0, which Intl formats with a sign: only whole amounts other than -0 are memoised.
  if (!Number.isInteger(amount) || Object.is(amount, -0)) return formatter.format(amount / 10 ** digits);
  let text = formatted.get(amount);
  if (text === undefined) {
    text = formatter.format(amount / 10 ** digits);
    if (formatted.size >= MAX_FORMATTED_AMOUNTS) formatted.clear();
    formatted.set(amount, text);
  }
  return text;
}
