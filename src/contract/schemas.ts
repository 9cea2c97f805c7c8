import type { components } from './openapi-types.gen.js';

/** The spec's schemas as types (`npm run gen:types`): a spec change the code does not follow is a type error. */
export type Schemas = components['schemas'];
