interface CurrencyFormat {
  formatter: Intl.NumberFormat;
  /** Digits of the currency's smallest subdivision (ISO 4217 via ICU): USD 2, JPY 0. */
  digits: number;
}

// Building an Intl.NumberFormat costs far more than format(): one per language and currency. Languages are
// the supported few and currencies the catalogs' and clients' three-letter codes; past this many pairs a
// formatter is built per call rather than kept, so a client inventing codes cannot grow the map. Keyed by
// language then currency: a joined key would be a new string to hash on every call (seeding makes 80,000).
const MAX_FORMATS = 1_000;
const formats = new Map<string, Map<string, CurrencyFormat>>();
let kept = 0;

function formatFor(currency: string, language: string): CurrencyFormat {
  const byCurrency = formats.get(language) ?? new Map<string, CurrencyFormat>();
  let format = byCurrency.get(currency);
  if (format === undefined) {
    const formatter = new Intl.NumberFormat(language, { style: 'currency', currency });
    format = { formatter, digits: formatter.resolvedOptions().maximumFractionDigits ?? 2 };
    if (kept < MAX_FORMATS) {
      byCurrency.set(currency, format);
      formats.set(language, byCurrency);
      kept += 1;
    }
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
