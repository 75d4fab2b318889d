import { claudeCodeProjectsScenario } from './claude-code-projects.bench.js';
import { claudeCodeRowsScenario } from './claude-code-rows.bench.js';
import { cliColdStartScenario } from './cli-cold-start.bench.js';
import { comparePrefixHardInputScenario } from './compare-prefix-hard-input.bench.js';
import { comparePrefixWarmScenario } from './compare-prefix-warm.bench.js';
import { fanOutDuplicationScenario } from './fan-out-duplication.bench.js';
import { htmlReportScenario } from './html-report.bench.js';
import { guardDecisionWarmScenario } from './guard-decision-warm.bench.js';
import { replayDshScenario } from './replay-dsh.bench.js';
import { replayScalingScenario } from './replay-scaling.bench.js';
import { requestFamilyScenario } from './request-family.bench.js';
import { segmentHashBytesScenario } from './segment-hash-bytes.bench.js';
import { segmentHashTextScenario } from './segment-hash-text.bench.js';
import { simulateTraceScenario } from './simulate-trace.bench.js';
import type { Scenario } from './support/scenario.js';
import { watchFetchScenario } from './watch-fetch.bench.js';

/** Every scenario, in the order `npm run bench` runs them. Add a new `*.bench.ts` here. */
export const SCENARIOS: readonly Scenario[] = [
  segmentHashTextScenario,
  segmentHashBytesScenario,
  comparePrefixWarmScenario,
  comparePrefixHardInputScenario,
  cliColdStartScenario,
  guardDecisionWarmScenario,
  replayDshScenario,
  replayScalingScenario,
  simulateTraceScenario,
  fanOutDuplicationScenario,
  htmlReportScenario,
  requestFamilyScenario,
  claudeCodeProjectsScenario,
  claudeCodeRowsScenario,
  watchFetchScenario,
];
