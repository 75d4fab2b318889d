import { analyzeRequestFamily, type FamilyRequest } from '../../src/analysis/index.js';
import type { CachePolicy } from '../../src/analysis/policies/cache-policy.js';
import type { SessionTreeAnalysis } from '../../src/analysis/result/session-analysis.js';
import { PrefixTokenCounter, renderRequest, type MessagePart, type Tokenizer } from '../../src/prefix/index.js';
import { buildLargeRequestPair, realTasks } from './large-request.js';

const ROUTE = { provider: 'openai', model: 'gpt-4o' };

/**
 * A 200-request session tree of real text for the HTML report at scale: a parent whose head is
 * Claude Code's 145 prompt sections and 121 real tools (~78k o200k tokens) plus ~25k tokens of real
 * trajectory history, and 199 fork children that inherit that history and add a task each; every
 * fourth child's head adds a `report` tool, as a continuable child's does, so the tree has breaks in
 * heads as well as at tasks. Each request's shared part is over 100k tokens.
 */
export function largeFamily(tokenizer: Tokenizer, policy: CachePolicy, requests = 200): SessionTreeAnalysis {
  const { parent, children, counter } = largeFamilyRequests(tokenizer, requests);
  return analyzeRequestFamily(parent, children, { policy, counter });
}

/** The requests of `largeFamily` before analysis, with the counter that measured the history (warm for them). */
export function largeFamilyRequests(tokenizer: Tokenizer, requests = 200): { parent: FamilyRequest; children: FamilyRequest[]; counter: PrefixTokenCounter } {
  const pair = buildLargeRequestPair(tokenizer, 200_000);
  const counter = new PrefixTokenCounter(tokenizer);
  const head = { system: pair.parent.system, tools: pair.parent.tools };
  const reportTool = { name: 'report', schema: { type: 'function', function: { name: 'report', description: 'Report progress to the parent agent.', parameters: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } } } };
  const history: MessagePart[] = [];
  let tokens = counter.prefixTokens(renderRequest(ROUTE, 'chat', { ...head, messages: [] }).segments);
  for (const message of pair.parent.messages) {
    if (tokens >= 103_000) break;
    history.push(message);
    tokens += tokenizer.count(JSON.stringify(message.wire));
  }
  const tasks = realTasks();
  const request = (name: string, messages: MessagePart[], withReport: boolean): FamilyRequest => ({
    source: name,
    request: renderRequest(ROUTE, 'chat', { system: head.system, tools: withReport ? [...head.tools, reportTool] : head.tools, messages }),
  });
  const task = (index: number): MessagePart => ({ name: `task[${index}]`, role: 'user', kind: 'task', wire: { role: 'user', content: `Subtask ${index + 1}. ${tasks[index % tasks.length]}` } });
  const parent = request('parent', [...history, { name: 'delegate', role: 'user', wire: { role: 'user', content: 'Split the work between subagents.' } }], false);
  const children = Array.from({ length: requests - 1 }, (_, index) => request(`child-${index + 1}`, [...history, task(index)], index % 4 === 3));
  return { parent, children, counter };
}
