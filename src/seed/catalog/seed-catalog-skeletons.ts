import type { CatalogSkeleton, ReleaseRecord } from '../../store/catalog/catalog-records.js';
import type { CatalogFixture } from './catalog-fixture.js';
import { seededRandom } from '../derive-seed.js';

/** Catalogs beside the fixed one: their currencies and tax, so display prices show several cases. */
const SEEDED_CATALOG_SETTINGS: readonly Omit<CatalogSkeleton, 'id' | 'name' | 'releases' | 'pricebook_id'>[] =
  [
    {
      display_currency: 'EUR',
      currencies: [
        { code: 'EUR', includes_tax: true },
        { code: 'USD', includes_tax: false },
        { code: 'GBP', includes_tax: true },
      ],
      tax_rate_bp: 1900,
    },
    {
      display_currency: 'JPY',
      currencies: [
        { code: 'JPY', includes_tax: true },
        { code: 'USD', includes_tax: false },
      ],
      tax_rate_bp: 1000,
    },
  ];

const RELEASE_QUARTERS = ['01-06', '04-07', '07-07', '10-06'] as const;

/** Every catalog's fixed facts, cheap at start: the fixture's catalog, then the seeded ids, names and releases. */
export function seedCatalogSkeletons(seed: number, fixture: CatalogFixture): CatalogSkeleton[] {
  const fixed: CatalogSkeleton = {
    ...fixture.catalog,
    releases: fixture.releases.map((release, index) => ({ ...release, index })),
  };
  const seeded = SEEDED_CATALOG_SETTINGS.map((settings, at): CatalogSkeleton => {
    const random = seededRandom(seed, 'catalog', at + 1, 'skeleton');
    const name = `${random.faker.company.name()} Catalog`;
    const releases = RELEASE_QUARTERS.map((day, index): ReleaseRecord => ({
      id: random.fakerUuid(),
      index,
      name: `${name.split(/[ ,]/)[0] ?? 'Release'} 2025.${index + 1}`,
      published_at: `2025-${day}T${String(random.int(6, 18)).padStart(2, '0')}:00:00.000Z`,
    }));
    return { ...settings, id: random.fakerUuid(), name, releases, pricebook_id: random.fakerUuid() };
  });
  return [fixed, ...seeded];
}
