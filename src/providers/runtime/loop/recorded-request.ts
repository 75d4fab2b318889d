import { renderRequest, type MessagePart } from '../../../prefix/index.js';
import type { ModelMessage } from '../../model/content.js';
import type { ModelRequest } from '../../model/language-model.js';
import { projectSurface, surfaceMessage, toSourcedChatMessages } from '../../session/index.js';
import { headParts } from '../head/head-parts.js';
import type { AssembledHead } from '../head/assemble-head.js';
import { sessionEntries } from '../log/session-entries.js';
import type { AgentHandle, SentRequest } from './agent-contract.js';

/**
 * Builds the request of one step from the assembled head and the log's model-visible surface.
 * The messages are the surface fold of the agent's own log (seed included), converted to chat wire
 * messages by the session package, so a request reconstructed from a stored log and one recorded
 * live are the same bytes. System sections keep their names (`tools:sdk` is an `sdk` segment), tools
 * are chat `function` entries, and the child's task message is a `task` segment.
 */
export function buildRecordedRequest(agent: AgentHandle, head: AssembledHead, turn: number, step: number): SentRequest {
  const surface = projectSurface(sessionEntries(agent.session), { source: `session ${agent.id}` });
  const stored = surface.map((entry) => surfaceMessage(entry.event));
  // The session schema's message is the same JSON object the model layer types as ModelMessage.
  const messages = stored as unknown as ModelMessage[];
  // Converted as one surface, not message by message: DSH groups the images of consecutive tool
  // results into one user message that no single message produces on its own.
  const wire = toSourcedChatMessages(stored);
  const perSource = new Map<number, number>();
  for (const { source } of wire) perSource.set(source, (perSource.get(source) ?? 0) + 1);
  const seen = new Map<number, number>();
  const parts: MessagePart[] = wire.map(({ message, source }) => {
    const entry = surface[source]!;
    const ordinal = seen.get(source) ?? 0;
    seen.set(source, ordinal + 1);
    return {
      name: `${entry.event.type}@${entry.seq}${perSource.get(source)! > 1 ? `#${ordinal}` : ''}`,
      role: message.role,
      wire: message,
      ...(entry.seq === agent.taskSeq ? { kind: 'task' as const } : {}),
    };
  });
  const config = agent.config;
  const model: ModelRequest = { config, system: head.system, tools: head.tools, messages };
  const prefix = renderRequest({ provider: config.provider, model: config.model }, agent.host.layout, { ...headParts(head), messages: parts });
  return { turn, step, model, prefix, head };
}
