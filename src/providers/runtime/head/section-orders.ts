/**
 * Order numbers of DSH's system-prompt sections. `renderPrompt` concatenates sections in ascending
 * `order` (ties keep registration order) and joins them with blank lines
 * (DSH's `packages/core/system-prompt/README.md`).
 *
 * Where each number comes from:
 * - Stated in the corpus: identity −100, persona 0 and the tool-guidance band 100–199
 *   (core/system-prompt README, "Order bands"), `tools:sdk` 150 (core/tools README, "The SDK
 *   section"), `tool:report` 117 (notes/2026-08-06-continuable-child-report-obligation.md),
 *   structured output 190 (subagent-in-process-driver README, "An order-190 system-prompt section").
 * - The rest are DSH's module constants at the corpus revision (deepseek-harness @ b150a551b8; its
 *   code is not in the corpus, the numbers are read from its public source): `tools:code-only` 99
 *   (`COLLAPSE_SECTION_ORDER`, core/tools), `tool:read` 100, `tool:write` 101, `tool:edit` 102,
 *   `tool:glob` 103, `tool:grep` 104, `tool:bash` 105, `tool:pwsh` 105, `tool:pty` 106,
 *   `tool:jobs` 106, `tool:web_search` 110, `tool:web_fetch` 111, `tool:lsp` 112,
 *   `tool:session-query` 113, `tool:goal` 114, `tool:workflow` 115, `tool:cordis` 115, `tool:ralph`
 *   116, `tool:<subagent toolName>` 116.5 (`SUBAGENT_SECTION_ORDER`); and the sections no corpus head
 *   carries: `harness:source` −99 (app-boot's checkout line, "right after the identity opener"),
 *   `app:web-surface` −98 (web-app's Web GUI orientation), `plan:policy` 50 (plan-mode),
 *   `team:policy` 60 (the Agent Teams policy), `context:file-reference` 99 (file-reference-local,
 *   present only while `read` is visible) and `ui:deliverable-file-references` 190 (ui-deliverables).
 * - The corpus pins check them: every pinned head shows its sections in exactly this order (the
 *   sections of `text-turn/system-prompt.expected.md` run identity, persona, read, write, edit, bash,
 *   jobs, goal, workflow, ralph, subagent; `subagent-report/system-prompt.1.expected.md` appends
 *   `tool:report` after `tool:subagent`, so 116.5 < 117; the headless `advanced-toolchain` head has
 *   workflow, cordis, ralph, subagent, sdk — workflow and cordis tie at 115 and keep registration
 *   order). `test/runtime-section-orders.test.ts` checks every pin against this table.
 */
export const SECTION_ORDERS = {
  'harness:identity': -100,
  'harness:source': -99,
  'app:web-surface': -98,
  'deployment:persona': 0,
  'plan:policy': 50,
  'team:policy': 60,
  'tools:code-only': 99,
  'context:file-reference': 99,
  'tool:read': 100,
  'tool:write': 101,
  'tool:edit': 102,
  'tool:glob': 103,
  'tool:grep': 104,
  'tool:bash': 105,
  'tool:pwsh': 105,
  'tool:pty': 106,
  'tool:jobs': 106,
  'tool:web_search': 110,
  'tool:web_fetch': 111,
  'tool:lsp': 112,
  'tool:session-query': 113,
  'tool:goal': 114,
  'tool:workflow': 115,
  'tool:cordis': 115,
  'tool:ralph': 116,
  'tool:subagent': 116.5,
  'tool:report': 117,
  'tools:sdk': 150,
  'tool:structured_output': 190,
  'ui:deliverable-file-references': 190,
} as const satisfies Record<string, number>;

/** Order of a delegation tool's `tool:<toolName>` guidance section (one per continuable instance). */
export const SUBAGENT_SECTION_ORDER = SECTION_ORDERS['tool:subagent'];

/**
 * Sections whose text DSH renders only while a tool is visible to the agent being assembled for:
 * `context:file-reference` (file-reference-local registers it per agent with
 * `text: () => tools.get('read', agent) === undefined ? '' : FILE_REFERENCE_PROMPT`). A filter that
 * removes `read` therefore also removes this guidance, unlike a `tool:*` section, which stays.
 */
export const SECTION_TOOL_GATES: Readonly<Record<string, string>> = { 'context:file-reference': 'read' };
