import type { FaultRule } from './fault-text.js';
import type { Limits } from './limits-from-spec.js';

export const FAULT_ACTIONS: readonly string[];
/** The form's fields as typed; `onlySession` is the "only this session" box. */
export interface FaultFields {
  operationId?: string;
  method?: string;
  path?: string;
  query?: string;
  header?: string;
  onlySession?: boolean;
  action?: string;
  status?: string;
  retryAfter?: string;
  body?: string;
  delay?: string;
  times?: string;
  probability?: string;
  seed?: string;
}
export function faultInput(
  fields: FaultFields,
  session: string,
  limits: Limits,
): { input: FaultRule } | { problems: string[] };
