import { escapeSegment } from '../../contract/json-pointer.js';
import type { Schemas } from '../../contract/schemas.js';
import type {
  CreateSubscriptionCommand,
  InlineOfferingCommand,
  PlanCommand,
  RuleBroken,
  UpdateSubscriptionCommand,
} from '../../store/subscriptions/commands.js';

// Bodies arrive validated against the spec, so a decoder only renames, fills defaults and turns times into ms.

type Build = Schemas['BuildSubscription'];
type BuildPlan = Schemas['BuildPlan'];

/** `T` with the members that may be undefined made optional (and never undefined). */
type Present<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** Copies the present members of `from`, so a command never holds `key: undefined`. */
function present<T extends object>(from: T): Present<T> {
  const kept: Record<string, unknown> = {};
  for (const key in from) if (from[key] !== undefined) kept[key] = from[key];
  return kept as Present<T>;
}

/** An RFC 3339 date-time as epoch ms; a leap second (Date.parse refuses :60) is the next minute's first instant. */
export function ms(text: string): number {
  const leap = /^(.*T\d{2}:\d{2}):60(\.\d+)?(.*)$/i.exec(text);
  return leap === null ? Date.parse(text) : Date.parse(`${leap[1]}:59${leap[2] ?? ''}${leap[3]}`) + 1000;
}

/** The create body's flat `data` (decisions.md) as a command. */
export function decodeCreate(body: Schemas['CreateSubscriptionRequest']): CreateSubscriptionCommand {
  const data: Build = body.data;
  const timestamps = data.meta?.timestamps;
  return present({
    external_ref: data.external_ref,
    account_id: data.account_id,
    address_id: data.address_id,
    name: data.name,
    email: data.email,
    currency: data.currency,
    manual_payments: data.manual_payments,
    pending: data.pending ?? false,
    payment_authority: data.payment_authority,
    offering_id: data.offering_id,
    plan_id: data.plan_id,
    offering: data.offering && inlineOffering(data.offering),
    go_live_after: timestamps?.go_live_after === undefined ? undefined : ms(timestamps.go_live_after),
    end_date: timestamps?.end_date === undefined ? undefined : ms(timestamps.end_date),
  });
}

function inlineOffering(offering: Schemas['BuildOffering']): InlineOfferingCommand {
  return present({
    external_ref: offering.external_ref,
    name: offering.name,
    description: offering.description,
    products: offering.products.map(present),
    plans: offering.plans.map(plan),
  });
}

function plan({ meta, can_pause, can_resume, can_cancel, ...rest }: BuildPlan): PlanCommand {
  return present({
    ...rest,
    can_pause: can_pause ?? false,
    can_resume: can_resume ?? false,
    can_cancel: can_cancel ?? false,
    selected: meta?.selected ?? false,
  });
}

/** The update body as the id and type it names and a command of the attributes it sends. */
export function decodeUpdate(body: Schemas['UpdateSubscriptionRequest']): {
  id: string;
  type: string;
  command: UpdateSubscriptionCommand;
} {
  const { id, type, attributes } = body.data;
  const planId: unknown = attributes.plan_id;
  return {
    id,
    type,
    command: present({
      plan_id:
        planId === undefined
          ? undefined
          : typeof planId === 'string'
            ? planId
            : `(${Array.isArray(planId) ? 'an array' : typeof planId})`,
      address_id: attributes.address_id,
      payment_authority: attributes.payment_authority,
      go_live_after:
        attributes.go_live_after === undefined || attributes.go_live_after === null
          ? attributes.go_live_after
          : ms(attributes.go_live_after),
    }),
  };
}

/** Where a broken rule's field sits in the body: under `/data` on create, `/data/attributes` on update. */
export function pointerOf(base: '/data' | '/data/attributes', broken: RuleBroken): string {
  return base + broken.field.map((part) => `/${escapeSegment(String(part))}`).join('');
}
