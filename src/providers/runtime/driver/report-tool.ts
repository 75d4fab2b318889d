import type { ToolSchema } from '../../model/language-model.js';
import type { AgentHandle } from '../loop/agent-contract.js';
import type { AgentScope } from '../loop/agent-scope.js';
import { REPORT_OUTPUT_DESCRIPTION, REPORT_SECTION_TEXT, REPORT_TOOL_DESCRIPTION } from '../head/dsh-texts.js';
import { SECTION_ORDERS } from '../head/section-orders.js';
import { ToolCallFailure } from '../loop/tool-call-failure.js';

/** The `report` tool's schema, as docs/tool-catalog.md and the child pins record it. */
export const REPORT_TOOL_SCHEMA: ToolSchema = {
  name: 'report',
  description: REPORT_TOOL_DESCRIPTION,
  parameters: { type: 'object', properties: { output: { type: 'string', description: REPORT_OUTPUT_DESCRIPTION } }, required: ['output'] },
};

/**
 * Installs the child-scoped return channel of a continuable child (DSH `installReportTool`): the
 * `report` tool and the `tool:report` section at order 117. Both are scope-local, so the parent and
 * siblings never see them, and the tool survives the child's global tool filter. A report reaches
 * the live direct parent as next-step input framed `Background subagent <id> reported:` with source
 * `{kind:'subagent-report', form:'relay', senderSessionId}` (subagent-report/session.jsonl).
 * `child` is the agent reporting; a scope assembled for its head alone has none, and a report from
 * it finds no live parent.
 */
export function installReportTool(scope: AgentScope, child: AgentHandle | undefined): void {
  scope.section({ name: 'tool:report', order: SECTION_ORDERS['tool:report'], text: REPORT_SECTION_TEXT });
  scope.tool({
    ...REPORT_TOOL_SCHEMA,
    async execute(args) {
      const output = (args as { output?: unknown } | null)?.output;
      if (typeof output !== 'string') throw new ToolCallFailure('tool/invalid-arguments', 'report requires a string `output`');
      const parent = child?.parent;
      if (!child || !parent || child.host.agents.get(parent.id) !== parent) throw new ToolCallFailure('tool/parent-unavailable', 'direct parent is not live; report was not delivered');
      const messageId = parent.steer(
        [
          { type: 'text', text: `Background subagent ${child.id} reported:` },
          { type: 'text', text: output },
        ],
        { kind: 'subagent-report', form: 'relay', senderSessionId: child.id },
      );
      return `report accepted by the agent that started you as message ${messageId}`;
    },
  });
}
