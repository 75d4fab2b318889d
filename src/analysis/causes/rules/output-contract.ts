import { childOnlyToolRule } from './child-only-tool.js';

/** A child given an output schema gets a child-only `structured_output` tool and its instruction section (order 190). */
export const outputContractRule = childOnlyToolRule({
  cause: 'output-contract',
  tool: 'structured_output',
  section: 'tool:structured_output',
  why: ({ scope }) => (scope?.delegation?.outputSchema ? "(the delegation's output schema)" : '(a child with an output schema)'),
});
