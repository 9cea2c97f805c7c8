// The probe registry: every probe the bench runs after its cases, in this order.
import { kitCheckProbe } from './kit-check-probe.js';
import type { Probe } from './probe.js';
import { startMockProbe } from './start-mock-probe.js';
import { storeLimitsProbe } from './store-limits-probe.js';

export const PROBES: readonly Probe[] = [startMockProbe, kitCheckProbe, storeLimitsProbe];
