// The probe registry: every probe the bench runs after its cases, in this order.
import { bodyFloodProbe } from './body-flood-probe.js';
import { controlPlaneJournalProbe } from './control-plane-journal-probe.js';
import { controlPlaneResetProbe } from './control-plane-reset-probe.js';
import { controlPlaneSessionProbe } from './control-plane-session-probe.js';
import { journalFloodProbe, snapshotFloodProbe, streamFloodProbe } from './flood-probes.js';
import { journalQueryProbe } from './journal-query-probe.js';
import { kitCheckProbe } from './kit-check-probe.js';
import { kitStagingProbe } from './kit-staging-probe.js';
import type { Probe } from './probe.js';
import { proxyLatencyProbe } from './proxy-latency-probe.js';
import { startMockProbe } from './start-mock-probe.js';
import { storeLimitsProbe } from './store-limits-probe.js';

export const PROBES: readonly Probe[] = [
  startMockProbe,
  kitCheckProbe,
  kitStagingProbe,
  storeLimitsProbe,
  controlPlaneResetProbe,
  controlPlaneSessionProbe,
  controlPlaneJournalProbe,
  proxyLatencyProbe,
  streamFloodProbe,
  journalFloodProbe,
  snapshotFloodProbe,
  bodyFloodProbe,
  journalQueryProbe,
];
