import type { components } from '../admin/admin-types.gen.js';

/** A fault rule as the control plane shows it, or as the form makes it (no id nor counts yet). */
export type FaultRule = components['schemas']['FaultRuleInput'] & Partial<components['schemas']['FaultRule']>;
export function describeFault(rule: FaultRule): { match: string; action: string; limits: string };
