import type { Check, CheckContext, Failure, Source } from '../check.js';
import { CONTRACT, NEVER_5XX, decision } from '../citations.js';
import type { Exchange } from '../client.js';
import { validCreateBody } from '../create-body.js';
import { inParallel } from '../in-parallel.js';
import { caseNumbers, firstOfEachRule, shrinkBreach, shrunkNote } from '../oracles/generated-case.js';
import { idOf, jsonAt } from '../oracles/json-at.js';
import {
  changedOutside,
  drawPut,
  notShown,
  OPTIONAL_MEMBERS,
  putShrinkCandidates,
  type PutAttributes,
} from '../oracles/put-case.js';
import { deriveSeed, mulberry32, type Prng } from '../prng.js';
import { isSuccess } from '../shared-requests.js';
import { listedSubscription } from './filter-targets.js';
import { otherPlan } from './lifecycle.js';

/** Generated PUT cases per --generated cases: each needs its own subscription, so fewer. */
const CASES_PER_PUT = 4;

interface Subject {
  id: string;
  externalRef: string;
  plans: [string, string];
}

interface Breach {
  rule: string;
  source: Source;
  cites: string;
  exchange: Exchange | undefined;
  detail: string;
}

/** A subscription of its own for one case, with every updatable attribute set so a PUT that clears one shows. */
async function subject(ctx: CheckContext, random: Prng): Promise<Subject> {
  const body = validCreateBody(random);
  const externalRef = `subcat-kit-${ctx.settings.seed}-put-${random.string(8)}`;
  body.data.external_ref = externalRef;
  body.data.address_id = random.uuid();
  body.data.payment_authority = {
    type: 'provider_payments_processor',
    customer_id: `cus_${random.string(10)}`,
    card_id: `card_${random.string(10)}`,
  };
  const exchange = await ctx.call('createSubscription', { json: body });
  const data = jsonAt(exchange.response.body, 'data');
  const id = idOf(data);
  const planId = jsonAt(data, 'attributes', 'plan_id');
  if (!isSuccess(exchange.response.status) || id === undefined || typeof planId !== 'string')
    ctx.inconclusive(`the create answered ${exchange.response.status} without data.id and plan_id`);
  const other = await otherPlan(ctx, { body, exchange, id, planId });
  return { id, externalRef, plans: [planId, other] };
}

/** One PUT judged by the list before and after it: the asked members show, nothing else moved. */
async function judge(ctx: CheckContext, on: Subject, put: PutAttributes): Promise<Breach | undefined> {
  const before = await listedSubscription(ctx, on.externalRef, on.id);
  if (before.record === undefined)
    ctx.inconclusive(`the subscription ${on.id} is not listed by its external_ref`);
  const exchange = await ctx.call('updateSubscription', {
    params: { subscription_uuid: on.id },
    json: { data: { id: on.id, type: 'subscription', attributes: put } },
  });
  const { status } = exchange.response;
  if (!isSuccess(status)) {
    return {
      rule: 'a PUT of plan_id with other attributes the update body lists is accepted (2xx)',
      source: status >= 500 ? 'contract' : 'convention',
      cites:
        status >= 500
          ? NEVER_5XX
          : decision('Create and update', 'Update (PUT) changes only the attributes sent'),
      exchange,
      detail: `answered ${status}`,
    };
  }
  const after = await listedSubscription(
    ctx,
    on.externalRef,
    on.id,
    (record) => notShown(record, put).length === 0,
  );
  const wrong = notShown(after.record, put);
  if (wrong.length > 0) {
    const plan = wrong.includes('plan_id');
    return {
      rule: 'after a PUT the list shows the attributes it sent',
      source: plan ? 'contract' : 'convention',
      cites: plan
        ? CONTRACT.planSwitch
        : decision('Create and update', 'Update (PUT) changes only the attributes sent'),
      exchange: after.exchange,
      detail: `the list does not show ${wrong.join(', ')} as sent`,
    };
  }
  const moved = changedOutside(before.record, after.record, put);
  if (moved.length === 0) return undefined;
  return {
    rule: 'a PUT changes only what it asked for (and updated_at)',
    source: 'convention',
    cites: decision('Create and update', 'Update (PUT) changes only the attributes sent'),
    exchange: after.exchange,
    detail: `it also changed ${moved.slice(0, 5).join(', ')}${moved.length > 5 ? ` and ${moved.length - 5} more` : ''}`,
  };
}

/** Generated PUTs, each on a subscription of its own: judged on the list before and after, shrunk when broken. */
async function putChangesOnly(ctx: CheckContext): Promise<Failure[]> {
  if (ctx.settings.generated === 0 && ctx.settings.generatedCase === undefined) ctx.skip('--generated 0');
  const count = Math.ceil(ctx.settings.generated / CASES_PER_PUT);
  const numbers = caseNumbers(count, ctx.settings.generatedCase);
  const found = await inParallel(
    numbers,
    async (number) => {
      const random = mulberry32(deriveSeed(ctx.settings.seed, `${ctx.check.id}.${number}`));
      const on = await subject(ctx, random);
      const leftOut = OPTIONAL_MEMBERS[(number - 1) % OPTIONAL_MEMBERS.length] ?? 'address_id';
      const drawn = drawPut(random, on.plans, leftOut);
      const breach = await judge(ctx, on, drawn);
      if (breach === undefined) return [];
      // Each try is judged on the same subscription, as it stands after the tries before it.
      const { smallest, tries, last } = await shrinkBreach(drawn, breach, putShrinkCandidates, (put) =>
        judge(ctx, on, put),
      );
      const note = shrunkNote({
        number,
        count,
        only: ctx.settings.generatedCase,
        tries,
        drawn: JSON.stringify(drawn),
        seed: ctx.settings.seed,
        checkId: ctx.check.id,
      });
      return [
        ctx.fail(last.exchange, {
          rule: last.rule,
          source: last.source,
          cites: last.cites,
          where: `PUT ${Object.keys(smallest).join(', ')}`,
          message: `PUT ${JSON.stringify(smallest)}: ${last.detail}: ${note}`,
        }),
      ];
    },
    numbers.length,
  );
  return firstOfEachRule(found.flat());
}

export const generatedPutCheck: Check = {
  id: 'generated.put-changes-only',
  roundTrips: 5,
  title: 'A generated PUT changes what it sent and nothing else, compared on the list before and after',
  family: 'generated',
  source: 'contract',
  cites: CONTRACT.planSwitch,
  operation: 'updateSubscription',
  readOnly: false,
  run: putChangesOnly,
};
