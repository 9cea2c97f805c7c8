import type { Account } from '../../store/subscriptions/records.js';
import type { SeedRandom } from '../seed-random.js';

/** How many subscriptions an account holds on average: enough that filtering by account_id returns several. */
export const SUBSCRIPTIONS_PER_ACCOUNT = 4;

/** `count` accounts with unique emails; names are drawn once per account, and its subscriptions reuse them. */
export function seedAccounts(random: SeedRandom, count: number): Account[] {
  const accounts: Account[] = [];
  for (let index = 0; index < count; index += 1) {
    const firstName = random.firstName();
    const lastName = random.lastName();
    const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
    const addressCount = random.int(0, 2);
    const id = random.uuid();
    // The index keeps emails unique, so eq(email, ...) finds exactly one account's subscriptions.
    const email = `${local}.${index + 1}@${random.pick(EMAIL_DOMAINS)}`;
    const address_ids: string[] = [];
    while (address_ids.length < addressCount) address_ids.push(random.uuid());
    accounts.push({ id, name: `${firstName} ${lastName}`, email, address_ids });
  }
  return accounts;
}

const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;
