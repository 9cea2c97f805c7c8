import type { Delay } from './delay-text.js';

/** A fault rule as the control plane shows it (spec/admin.openapi.yaml, FaultRule); input fields only on input. */
export interface FaultRule {
  id?: string;
  operationId?: string;
  method?: string;
  path?: string;
  query?: string;
  header?: string;
  session?: string;
  status?: number;
  body?: unknown;
  retry_after?: number;
  delay?: Delay;
  reset?: boolean;
  hang?: boolean;
  truncate?: boolean;
  times?: number;
  probability?: number;
  seed?: number;
  matched?: number;
  applied?: number;
  created_at?: string;
}
export function describeFault(rule: FaultRule): { match: string; action: string; limits: string };
