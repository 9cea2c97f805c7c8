import {
  child,
  dataRecords,
  isObject,
  isSuccess,
  onResponse,
  operationOf,
  recordParts,
  rewriteLinks,
  type Fault,
} from './fault.js';
import type { ProxiedResponse } from './fault-proxy.js';

/** Bodies that break the schema, and answers with the wrong status or content type. */
export const shapeFaults: Fault[] = [
  {
    name: 'subscription-without-plan-id',
    description: 'the list serialiser leaves out the required attributes.plan_id',
    only: 'schema',
    expectFailedCheck: 'schema.list-subscriptions',
    handler: onResponse(['listSubscriptions'], (body) => {
      for (const record of dataRecords(body)) delete child(record, 'attributes')?.plan_id;
    }),
  },
  {
    name: 'created-subscription-without-status',
    description: 'the create answer has no meta.status (required) until the subscription is read again',
    only: 'status.create-subscription,schema.create-subscription',
    expectFailedCheck: 'schema.create-subscription',
    handler: onResponse(['createSubscription'], (body) => {
      for (const record of dataRecords(body)) delete child(record, 'meta')?.status;
    }),
  },
  {
    name: 'product-without-type',
    description: 'node products come without their required type',
    only: 'schema.node-products',
    expectFailedCheck: 'schema.node-products',
    handler: onResponse(['getNodeProducts'], (body) => {
      for (const record of dataRecords(body)) delete record.type;
    }),
  },
  {
    name: 'price-amount-as-string',
    description: 'price amounts are serialised as strings ("44999"), as a decimal library might',
    only: 'schema.node-products',
    expectFailedCheck: 'schema.node-products',
    handler: onResponse(['getNodeProducts'], (body) => {
      for (const record of dataRecords(body)) {
        for (const price of Object.values(child(record, 'attributes', 'price') ?? {})) {
          if (isObject(price)) price.amount = String(price.amount);
        }
      }
    }),
  },
  {
    name: 'subscription-status-paused',
    description: 'meta.status takes a value outside its enum (paused), leaking an internal state',
    only: 'schema.list-subscriptions',
    expectFailedCheck: 'schema.list-subscriptions',
    handler: onResponse(['listSubscriptions'], (body) => {
      for (const meta of recordParts(body, 'meta')) meta.status = 'paused';
    }),
  },
  {
    name: 'relative-links',
    description: 'paging links are relative paths instead of absolute URLs',
    only: 'schema.node-products',
    expectFailedCheck: 'schema.node-products',
    handler: onResponse(['getNodeProducts'], (body) =>
      rewriteLinks(body, (link) => link.pathname + link.search),
    ),
  },
  {
    name: 'create-empty-body',
    description: 'a create answers 201 with an empty body (the created subscription is not returned)',
    only: 'status.create-subscription,schema.create-subscription',
    expectFailedCheck: 'schema.create-subscription',
    handler: () => async (req, forward) => {
      const res = await forward(req);
      if (operationOf(req) !== 'createSubscription' || !isSuccess(res.status)) return res;
      return { ...res, body: undefined, text: '' };
    },
  },
  {
    name: 'html-content-type',
    description: 'every answer is labelled text/html, as a misconfigured gateway does',
    only: 'status',
    expectFailedCheck: 'status.content-type',
    handler: () => async (req, forward) => {
      const res = await forward(req);
      return { ...res, headers: { ...res.headers, 'content-type': 'text/html; charset=utf-8' } };
    },
  },
  {
    name: '500-on-bad-input',
    description: 'every invalid input crashes the server: 500 with a plain-text page instead of a 4xx',
    only: 'rejection.list-subscriptions-filter,robustness',
    expectFailedCheck: 'robustness.no-5xx',
    handler: () => async (req, forward) => {
      const res = await forward(req);
      if (res.status < 400 || res.status >= 500) return res;
      return crash;
    },
  },
  {
    name: 'invalid-create-accepted',
    description: 'the create handler skips validation: invalid bodies are answered 201 like valid ones',
    only: 'status.create-subscription,rejection.create-field-limits',
    expectFailedCheck: 'rejection.create-field-limits',
    handler: () => {
      let lastCreated: ProxiedResponse | undefined;
      return async (req, forward) => {
        const res = await forward(req);
        if (operationOf(req) !== 'createSubscription') return res;
        if (isSuccess(res.status)) lastCreated = res;
        else if (res.status < 500 && lastCreated !== undefined) return lastCreated;
        return res;
      };
    },
  },
];

const crash: ProxiedResponse = {
  status: 500,
  headers: { 'content-type': 'text/plain' },
  body: undefined,
  text: 'Internal Server Error',
};
