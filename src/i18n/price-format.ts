interface CurrencyFormat {
  formatter: Intl.NumberFormat;
  /** Digits of the currency's smallest subdivision (ISO 4217 via ICU): USD 2, JPY 0. */
  digits: number;
}

// Intl.NumberFormat construction is far slower than format(); one per language and currency.
const formats = new Map<string, CurrencyFormat>();

function formatFor(currency: string, language: string): CurrencyFormat {
  const key = `${language}|${currency}`;
  let format = formats.get(key);
  if (format === undefined) {
    const formatter = new Intl.NumberFormat(language, { style: 'currency', currency });
    format = { formatter, digits: formatter.resolvedOptions().maximumFractionDigits ?? 2 };
    formats.set(key, format);
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
  const { formatter, digits } = formatFor(currency, language);
  return formatter.format(amount / 10 ** digits);
}
