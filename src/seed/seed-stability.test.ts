import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadCatalogFixture } from './catalog/catalog-fixture.js';
import { seedCatalog } from './catalog/seed-catalog.js';
import { seedCatalogSkeletons } from './catalog/seed-catalog-skeletons.js';
import { seedSubscriptions } from './subscriptions/seed-subscriptions.js';

// Front-end fixtures and tests name seeded ids, so the same seed and sizes must give the same data from
// one version of the mock to the next, not only from one run to the next. These hashes pin the data of
// `npm start` (seed 1, 300 subscriptions, 200 products per release) and of one other seed and size. A
// change to seeding that moves them changes every user's data: say so in the release notes, then update.
// The hashes cover the records as the stores hold them, so reshaping a record moves its hash too: then start
// the old and the new build with the same seed, compare their GET pages value for value, and say so in
// CHANGELOG.md before updating. 0.2.0 did both: subscription records were reshaped (their GET values checked
// identical against 0.1.0), and seeded image links now point at the mock's own placeholders (asset:{id}.svg):
// every id and every other value is the same as in 0.1.0. Later in 0.2.0 seeded files changed again and
// only they: images say image/svg+xml and .svg (what is served), PDFs link asset:{id}.pdf (checked by hashing
// both builds' catalogs with file_name extensions, image mime types and links blanked: equal). Then the
// catalogs dropped their sku and slug indexes, and only them: the old build's hashes with those two maps left
// out are the new ones, and 1,920 node-products GETs filtered on sku, slug and id answered byte for byte alike.
const PINNED = [
  {
    seed: 1,
    subscriptions: 300,
    products: 200,
    subscriptionHash: '1505875d312a41aa',
    catalogHash: '85e1327f54196278',
  },
  {
    seed: 7,
    subscriptions: 1000,
    products: 1000,
    subscriptionHash: 'ff97e24e2503375a',
    catalogHash: 'e0df20a89916c8d0',
  },
];

const asJson = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner instanceof Map || inner instanceof Set ? [...inner] : inner,
  );

function subscriptionDataHash(seed: number, subscriptions: number): string {
  const hash = createHash('sha256');
  const seeded = seedSubscriptions({ seed, subscriptions });
  hash.update(asJson(seeded.accounts));
  hash.update(asJson(seeded.offerings));
  for (let at = 0; at < seeded.subscriptions.length; at += 1000) {
    hash.update(asJson(seeded.subscriptions.slice(at, at + 1000)));
  }
  return hash.digest('hex').slice(0, 16);
}

function catalogDataHash(seed: number, products: number): string {
  const hash = createHash('sha256');
  const fixture = loadCatalogFixture();
  const skeletons = seedCatalogSkeletons(seed, fixture);
  hash.update(asJson(skeletons));
  skeletons.forEach((skeleton, index) => {
    const fixed = index === 0 ? fixture : undefined;
    hash.update(asJson(seedCatalog(skeleton, index, { seed, products }, fixed)));
  });
  return hash.digest('hex').slice(0, 16);
}

describe('seeded data across versions', () => {
  it.each(PINNED)(
    'seed $seed with $subscriptions subscriptions gives the pinned subscription data',
    ({ seed, subscriptions, subscriptionHash }) => {
      expect(subscriptionDataHash(seed, subscriptions)).toBe(subscriptionHash);
    },
  );
  it.each(PINNED)(
    'seed $seed with $products products per release gives the pinned catalog data',
    ({ seed, products, catalogHash }) => {
      expect(catalogDataHash(seed, products)).toBe(catalogHash);
    },
  );
});
