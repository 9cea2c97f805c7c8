import type { Account } from '../../store/subscriptions/records.js';
import type { SeedRandom } from '../seed-random.js';

/** How many subscriptions an account holds on average: enough that filtering by account_id returns several. */
export const SUBSCRIPTIONS_PER_ACCOUNT = 4;

/**
 * `count` accounts, each with a name, an email unique within the seed, and zero to two address ids.
 * Names come from faker once per account; subscriptions reuse them, which keeps seeding 100,000 cheap.
 */
export function seedAccounts(random: SeedRandom, count: number): Account[] {
  const accounts: Account[] = [];
  for (let index = 0; index < count; index += 1) {
    const firstName = random.faker.person.firstName();
    const lastName = random.faker.person.lastName();
    const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
    const addressCount = random.int(0, 2);
    accounts.push({
      id: random.uuid(),
      name: `${firstName} ${lastName}`,
      // The index keeps emails unique, so eq(email, ...) finds exactly one account's subscriptions.
      email: `${local}.${index + 1}@${random.pick(EMAIL_DOMAINS)}`,
      address_ids: Array.from({ length: addressCount }, () => random.uuid()),
    });
  }
  return accounts;
}

const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;
