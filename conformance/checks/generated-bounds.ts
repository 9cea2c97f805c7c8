import type { Check, CheckContext, Failure } from '../check.js';
import { CONTRACT, NEVER_5XX, decision } from '../citations.js';
import type { Exchange } from '../client.js';
import { validCreateBody, type CreateBody } from '../create-body.js';
import { inParallel } from '../in-parallel.js';
import { requestBounds, type BodyBound } from '../oracles/body-bounds.js';
import {
  boundBody,
  boundCases,
  boundShrinkCandidates,
  describeBoundCase,
  type BoundCase,
} from '../oracles/bound-cases.js';
import { caseLabel, caseNumbers, replayArgs, shrinkWith } from '../oracles/generated-case.js';
import { deriveSeed, mulberry32 } from '../prng.js';
import { createdSubscription, isSuccess } from '../shared-requests.js';
import { loadSpec, specOperations } from '../spec.js';

/** The create body's bounds, read from the spec once a process. */
let createBounds: BodyBound[] | undefined;
function bounds(): BodyBound[] {
  if (createBounds === undefined) {
    const doc = loadSpec();
    const operation = specOperations(doc).get('createSubscription');
    const schema = { $ref: `#${operation?.pointer ?? ''}/requestBody/content/application~1json/schema` };
    createBounds = requestBounds(doc, schema);
  }
  return createBounds;
}

/** Whether a case's answer breaks its rule: a body at its bounds refused, or one past a bound accepted. */
const breaks = (boundCase: BoundCase, status: number) =>
  status >= 500 || (boundCase.side === 'at' ? !isSuccess(status) : !(status >= 400 && status < 500));

function failureOf(ctx: CheckContext, exchange: Exchange, smallest: BoundCase, shrunk: string): Failure {
  const { status } = exchange.response;
  const contract = smallest.bounds.some((bound) => !bound.convention);
  const source = status >= 500 || contract ? 'contract' : 'convention';
  const cites = status >= 500 ? NEVER_5XX : contract ? CONTRACT.createBody : decision('Bounds');
  const at = smallest.side === 'at';
  return ctx.fail(exchange, {
    rule: at
      ? 'a create body with values at their bounds (max length, max items, min, max) is accepted (2xx)'
      : 'a create body one past a bound is refused (4xx)',
    source,
    cites,
    where: smallest.bounds.map((bound) => `/${bound.path.join('/')}`).join(', '),
    message: `answered ${status}: ${shrunk}`,
    expected: at ? '2xx' : '4xx',
    actual: status,
  });
}

/** Create bodies at every bound of the spec's request schema are accepted; one past each bound is refused. */
async function bodiesNearBounds(ctx: CheckContext): Promise<Failure[]> {
  if (ctx.settings.generated === 0 && ctx.settings.generatedCase === undefined) ctx.skip('--generated 0');
  const created = await createdSubscription(ctx);
  if (!isSuccess(created.response.status))
    ctx.inconclusive(`the valid create body was not accepted (${created.response.status})`);
  const random = mulberry32(deriveSeed(ctx.settings.seed, ctx.check.id));
  const base: CreateBody = validCreateBody(random);
  base.data.external_ref = `subcat-kit-${ctx.settings.seed}-bounds-${random.string(8)}`;
  const cases = boundCases(base, bounds(), ctx.settings.generated, random);
  const numbers = caseNumbers(cases.length, ctx.settings.generatedCase);
  if (numbers.some((number) => number > cases.length))
    ctx.inconclusive(`there are ${cases.length} cases; --case ${ctx.settings.generatedCase} names none`);
  const send = (boundCase: BoundCase) =>
    ctx.call('createSubscription', { json: boundBody(base, boundCase) ?? base });
  const found = await inParallel(
    numbers,
    async (number) => {
      const drawn = cases[number - 1] as BoundCase;
      const exchange = await send(drawn);
      if (!breaks(drawn, exchange.response.status)) return [];
      let last = exchange;
      const { smallest, tries } = await shrinkWith(drawn, boundShrinkCandidates, async (candidate) => {
        const answer = await send(candidate);
        if (breaks(candidate, answer.response.status)) last = answer;
        return breaks(candidate, answer.response.status);
      });
      const replay = replayArgs(ctx.settings.seed, ctx.check.id, number);
      const drawnText = smallest === drawn ? '' : ` (drawn: ${drawn.bounds.length} bounds)`;
      const shrunk = `${caseLabel(number, cases.length, ctx.settings.generatedCase)}, shrunk in ${tries} tries to: ${describeBoundCase(smallest)}${drawnText}; replay: ${replay}`;
      return [failureOf(ctx, last, smallest, shrunk)];
    },
    numbers.length,
  );
  return found.flat();
}

export const generatedBoundsCheck: Check = {
  id: 'generated.body-bounds',
  title: 'Create bodies at every bound of the spec are accepted, and one past each bound is refused',
  family: 'generated',
  source: 'contract',
  cites: CONTRACT.createBody,
  operation: 'createSubscription',
  readOnly: false,
  run: bodiesNearBounds,
};
