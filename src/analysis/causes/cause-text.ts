import type { DivergenceCause } from './infer-cause.js';

const CAUSE_TEXT = {
  route: () => 'the route (provider or model) differs, so nothing is shared',
  persona: (name) => `the persona section '${name}' differs`,
  'tool-filter': (name) => `the child's tool filter removed '${name}' (the first removed tool in wire order)`,
  sdk: (name) => `the generated SDK bindings '${name}' differ`,
  'report-tool': (name) => `the child's head adds the '${name}' tool of a continuable child`,
  'output-contract': (name) => `the child's head adds the '${name}' tool of a structured-output child`,
  system: (name) => `the system text '${name}' differs`,
  tools: (name) => `the tool schema '${name}' differs`,
  history: (name) => `the history message '${name}' differs`,
  task: (name) => `the task '${name}' differs: everything before it is shared`,
} as const satisfies Record<DivergenceCause, (name: string) => string>;

/** One sentence saying what a cause means, about the segment or tool it names (for every report format). */
export function causeText(cause: DivergenceCause, name: string): string {
  return CAUSE_TEXT[cause](name);
}
