interface CurrencyFormat {
  formatter: Intl.NumberFormat;
  /** Digits of the currency's smallest subdivision (ISO 4217 via ICU): USD 2, JPY 0. */
  digits: number;
}

// An Intl.NumberFormat costs far more than format(): kept per language and currency, bounded against invented codes.
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

/** An amount in the currency's smallest unit, formatted for a language (ICU may put U+00A0 before the symbol). */
export function formatPrice(amount: number, currency: string, language: string): string {
  const { formatter, digits } = formatFor(currency, language);
  return formatter.format(amount / 10 ** digits);
}
