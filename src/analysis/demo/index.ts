// The demo: a DSH session tree replayed through a cache policy, one row per child, and its text.
export { analyzeDemoTree } from './analyze-demo-tree.js';
export type { DemoAnalysis, DemoChild } from './analyze-demo-tree.js';
export { childBreak } from './child-break.js';
export type { ChildBreak } from './child-break.js';
export { childStart, demoText } from './demo-text.js';
export { demoHtml, demoLabels } from './demo-html.js';
