import type { Language } from './language.js';

/** Word tables aligned across languages: a product stores indexes and is named in any language on demand. */
type Words = Readonly<Record<Language, readonly string[]>>;

// prettier-ignore
export const ADJECTIVES: Words = {
  'en-US': ['Rustic', 'Modern', 'Elegant', 'Compact', 'Handmade', 'Classic', 'Sleek', 'Sturdy', 'Vintage', 'Smart', 'Cozy', 'Deluxe', 'Practical', 'Refined', 'Recycled', 'Ergonomic'],
  'fr-FR': ['rustique', 'moderne', 'élégant', 'compact', 'fait main', 'classique', 'épuré', 'robuste', 'vintage', 'intelligent', 'douillet', 'de luxe', 'pratique', 'raffiné', 'recyclé', 'ergonomique'],
  'de-DE': ['rustikal', 'modern', 'elegant', 'kompakt', 'handgemacht', 'klassisch', 'schlicht', 'robust', 'im Vintage-Stil', 'smart', 'gemütlich', 'luxuriös', 'praktisch', 'edel', 'recycelt', 'ergonomisch'],
};

// prettier-ignore
export const MATERIALS: Words = {
  'en-US': ['Wooden', 'Steel', 'Cotton', 'Granite', 'Bamboo', 'Leather', 'Ceramic', 'Glass', 'Wool', 'Linen', 'Copper', 'Concrete'],
  'fr-FR': ['bois', 'acier', 'coton', 'granit', 'bambou', 'cuir', 'céramique', 'verre', 'laine', 'lin', 'cuivre', 'béton'],
  'de-DE': ['Holz', 'Stahl', 'Baumwolle', 'Granit', 'Bambus', 'Leder', 'Keramik', 'Glas', 'Wolle', 'Leinen', 'Kupfer', 'Beton'],
};

// prettier-ignore
export const NOUNS: Words = {
  'en-US': ['Chair', 'Table', 'Lamp', 'Mug', 'Backpack', 'Shirt', 'Bowl', 'Clock', 'Shelf', 'Vase', 'Blanket', 'Bench', 'Mirror', 'Tray', 'Stool', 'Basket', 'Jacket', 'Kettle', 'Desk', 'Rug'],
  'fr-FR': ['Chaise', 'Table', 'Lampe', 'Tasse', 'Sac à dos', 'Chemise', 'Bol', 'Horloge', 'Étagère', 'Vase', 'Couverture', 'Banc', 'Miroir', 'Plateau', 'Tabouret', 'Panier', 'Veste', 'Bouilloire', 'Bureau', 'Tapis'],
  'de-DE': ['Stuhl', 'Tisch', 'Lampe', 'Becher', 'Rucksack', 'Hemd', 'Schale', 'Uhr', 'Regal', 'Vase', 'Decke', 'Bank', 'Spiegel', 'Tablett', 'Hocker', 'Korb', 'Jacke', 'Wasserkocher', 'Schreibtisch', 'Teppich'],
};

// prettier-ignore
export const FEATURES: Words = {
  'en-US': ['everyday use', 'small spaces', 'outdoor living', 'gift giving', 'busy kitchens', 'quiet evenings', 'home offices', 'long journeys'],
  'fr-FR': ['un usage quotidien', 'les petits espaces', 'la vie en plein air', 'offrir', 'les cuisines animées', 'les soirées calmes', 'le télétravail', 'les longs voyages'],
  'de-DE': ['den Alltag', 'kleine Räume', 'das Leben im Freien', 'Geschenke', 'volle Küchen', 'ruhige Abende', 'das Homeoffice', 'lange Reisen'],
};

type Template = (name: string, material: string, feature: string) => string;

const DESCRIPTIONS: Readonly<Record<Language, readonly Template[]>> = {
  'en-US': [
    (n, m, f) => `The ${n} is crafted from ${m.toLowerCase()} and made for ${f}.`,
    (n, m, f) => `Meet the ${n}: ${m.toLowerCase()} through and through, ready for ${f}.`,
    (n, m, f) => `Designed for ${f}, the ${n} pairs ${m.toLowerCase()} with careful finishing.`,
    (n, m, f) => `A ${n} in ${m.toLowerCase()}, simple to care for and perfect for ${f}.`,
  ],
  'fr-FR': [
    (n, m, f) => `${n} fabriqué en ${m}, pensé pour ${f}.`,
    (n, m, f) => `Découvrez ${n} : tout en ${m}, prêt pour ${f}.`,
    (n, m, f) => `Conçu pour ${f}, ${n} associe le ${m} à des finitions soignées.`,
    (n, m, f) => `${n} en ${m}, facile à entretenir et idéal pour ${f}.`,
  ],
  'de-DE': [
    (n, m, f) => `${n}: gefertigt aus ${m}, gemacht für ${f}.`,
    (n, m, f) => `Entdecken Sie ${n} – ganz aus ${m}, bereit für ${f}.`,
    (n, m, f) => `Gemacht für ${f}: ${n} verbindet ${m} mit sorgfältiger Verarbeitung.`,
    (n, m, f) => `${n} aus ${m}, pflegeleicht und ideal für ${f}.`,
  ],
};

/** Indexes into the tables above; what a product stores instead of its texts. */
export interface ProductWording {
  adjective: number;
  material: number;
  noun: number;
  feature: number;
  template: number;
}

export const WORDING_SIZES: Readonly<Record<keyof ProductWording, number>> = {
  adjective: ADJECTIVES['en-US'].length,
  material: MATERIALS['en-US'].length,
  noun: NOUNS['en-US'].length,
  feature: FEATURES['en-US'].length,
  template: DESCRIPTIONS['en-US'].length,
};

function word(table: Words, language: Language, index: number): string {
  const words = table[language];
  return words[index % words.length] ?? '';
}

/** A product name in a language, as responses show it and name filters match it. */
export function productName(wording: ProductWording, language: Language): string {
  const adjective = word(ADJECTIVES, language, wording.adjective);
  const material = word(MATERIALS, language, wording.material);
  const noun = word(NOUNS, language, wording.noun);
  if (language === 'fr-FR') return `${noun} ${adjective} en ${material}`;
  if (language === 'de-DE') return `${noun} aus ${material}, ${adjective}`;
  return `${adjective} ${material} ${noun}`;
}

/** A product description in a language, naming the product as `productName` does. */
export function productDescription(wording: ProductWording, language: Language): string {
  const templates = DESCRIPTIONS[language];
  const template = templates[wording.template % templates.length] ?? templates[0];
  const name = productName(wording, language);
  const material = word(MATERIALS, language, wording.material);
  const feature = word(FEATURES, language, wording.feature);
  return template === undefined ? name : template(name, material, feature);
}
