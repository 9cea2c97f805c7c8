import { placeholderAsset } from '../../store/placeholder-asset.js';
import type { CustomInput, FileRecord, ProductRecord } from '../../store/catalog/catalog-records.js';
import type { SeedRandom } from '../seed-random.js';

/** Lowercase, no commas (interface.md); one has a space so filters with quoted values get exercised. */
const TAGS = [
  'new',
  'eco',
  'bestseller',
  'gift idea',
  'handmade',
  'outdoor',
  'kitchen',
  'office',
  'kids',
  'premium',
];

export function seedTags(random: SeedRandom): string[] {
  return random.pickSome(TAGS, { min: 1, max: 3 });
}

const SHOPPER_ATTRIBUTES: readonly [string, readonly string[]][] = [
  ['badge', ['new', 'limited', 'staff pick']],
  ['warranty', ['1 year', '2 years', '5 years']],
  ['delivery', ['next day', '3-5 days', 'made to order']],
];

/** String values keyed by name; about half the products carry none. */
export function seedShopperAttributes(random: SeedRandom, force = false): Record<string, string> {
  if (!force && random.boolean(0.5)) return {};
  const attributes: Record<string, string> = {};
  for (const [name, values] of random.pickSome(SHOPPER_ATTRIBUTES, { min: 1, max: 3 })) {
    attributes[name] = random.pick(values);
  }
  return attributes;
}

/** Free-text inputs a shopper fills in; max_length stays within the contract's 255. */
export function seedCustomInputs(random: SeedRandom): Record<string, CustomInput> {
  const inputs: Record<string, CustomInput> = {
    engraving: {
      name: 'Engraving',
      validation_rules: [{ type: 'string', options: { max_length: random.int(10, 40) } }],
      required: false,
    },
  };
  if (random.boolean()) {
    inputs.gift_note = {
      name: 'Gift note',
      validation_rules: [{ type: 'string', options: { max_length: 255 } }],
      // The contract makes `required` nullable: unset means "not decided", treated as optional.
      required: null,
    };
  }
  return inputs;
}

/** Template attributes keyed by template name, e.g. `products(specifications)`. */
export function seedExtensions(random: SeedRandom): NonNullable<ProductRecord['extensions']> {
  const extensions: NonNullable<ProductRecord['extensions']> = {
    'products(specifications)': {
      weight_kg: random.faker.number.float({ min: 0.2, max: 40, fractionDigits: 1 }),
      color: random.faker.color.human(),
      waterproof: random.boolean(),
    },
  };
  if (random.boolean()) {
    extensions['products(care)'] = {
      instructions: random.pick(['wipe clean', 'hand wash', 'machine wash at 30', 'dry clean only']),
      washable: random.boolean(),
      replacement_part: null,
    };
  }
  return extensions;
}

const IMAGE_FORMATS = [
  ['jpg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
] as const;

/** The catalog's files: images (main images and gallery) and PDF manuals, shared by products. */
export function seedFiles(random: SeedRandom, count: number): FileRecord[] {
  const { faker } = random;
  const files: FileRecord[] = [];
  for (let index = 0; index < count; index++) {
    const image = index % 4 !== 3;
    // The format draw stays though images are SVG: dropping it would shift every later draw and id of the seed.
    if (image) faker.helpers.arrayElement(IMAGE_FORMATS);
    const [extension, mime_type] = image
      ? (['svg', 'image/svg+xml'] as const)
      : (['pdf', 'application/pdf'] as const);
    const id = random.fakerUuid();
    const file_name = `${faker.word
      .noun()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')}-${index + 1}.${extension}`;
    files.push({
      id,
      type: 'file',
      file_name,
      mime_type,
      file_size: faker.number.int({ min: 20_000, max: image ? 2_500_000 : 8_000_000 }),
      // Both point at the mock's own placeholders (rendered per request host), so no link is broken.
      link: { href: placeholderAsset(id, extension) },
      meta: { timestamps: { created_at: faker.date.past({ years: 2 }).toISOString() } },
    });
  }
  return files;
}

export function isImage(file: FileRecord): boolean {
  return file.mime_type.startsWith('image/');
}
