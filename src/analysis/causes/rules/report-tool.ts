import { childOnlyToolRule } from './child-only-tool.js';

/** DSH's continuable children get a child-scope `report` tool and a `tool:report` section (order 117), both in the head. */
export const reportToolRule = childOnlyToolRule({
  cause: 'report-tool',
  tool: 'report',
  section: 'tool:report',
  why: ({ scope }) => (scope?.delegation?.backgroundMode === 'continuable' ? '(backgroundMode: continuable)' : '(a continuable child)'),
});
