import { renderRequest, type MessagePart, type PrefixRequest } from '../../prefix/index.js';
import type { ModelMessage } from '../model/content.js';
import type { ModelRequest } from '../model/language-model.js';
import { messageToChatMessages, projectSurface, surfaceMessage, toolSchemaToChatWire } from '../session/index.js';
import type { Agent } from './agent.js';
import type { AssembledHead } from './assemble-head.js';
import { sessionEntries } from './session-entries.js';

/** One request an agent sent: what the model received, and the same request as the prefix engine sees it. */
export interface RecordedRequest {
  readonly turn: number;
  readonly step: number;
  readonly model: ModelRequest;
  /** The request rendered in the host's wire layout, cut into hashed segments. */
  readonly prefix: PrefixRequest;
  readonly head: AssembledHead;
}

/**
 * Builds the request of one step from the assembled head and the log's model-visible surface.
 * The messages are the surface fold of the agent's own log (seed included), converted to chat wire
 * messages by the session package, so a request reconstructed from a stored log and one recorded
 * live are the same bytes. System sections keep their names (`tools:sdk` is an `sdk` segment), tools
 * are chat `function` entries, and the child's task message is a `task` segment.
 */
export function buildRecordedRequest(agent: Agent, head: AssembledHead, turn: number, step: number): RecordedRequest {
  const surface = projectSurface(sessionEntries(agent.session), { source: `session ${agent.id}` });
  const messages: ModelMessage[] = [];
  const parts: MessagePart[] = [];
  for (const entry of surface) {
    const message = surfaceMessage(entry.event);
    // The session schema's message is the same JSON object the model layer types as ModelMessage.
    messages.push(message as unknown as ModelMessage);
    const wire = messageToChatMessages(message);
    for (const [index, wireMessage] of wire.entries()) {
      parts.push({
        name: `${entry.event.type}@${entry.seq}${wire.length > 1 ? `#${index}` : ''}`,
        role: wireMessage.role,
        wire: wireMessage,
        ...(entry.seq === agent.taskSeq ? { kind: 'task' as const } : {}),
      });
    }
  }
  const config = agent.config;
  const model: ModelRequest = { config, system: head.system, tools: head.tools, messages };
  const prefix = renderRequest({ provider: config.provider, model: config.model }, agent.host.layout, {
    system: head.sections.map((section) => ({ name: section.name, text: section.text, kind: section.name === 'tools:sdk' ? ('sdk' as const) : ('system' as const) })),
    tools: head.tools.map((tool) => ({ name: tool.name, schema: toolSchemaToChatWire(tool) })),
    messages: parts,
  });
  return { turn, step, model, prefix, head };
}
