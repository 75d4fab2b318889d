/*
 * The shape of a Claude Code conversation entry, checked by hand. A transcript has one entry per
 * line and a projects folder holds hundreds of thousands of them, so the check is a few property
 * tests per entry with no schema library: loading and running one cost more than the replay of a
 * small folder. Unknown fields are kept (Claude Code adds fields with each release); what is checked
 * is what the replay reads. A failed check names the first field that is wrong and what it holds.
 */

import { ANTHROPIC_USAGE_COUNTS, ANTHROPIC_WRITE_SPLIT, type AnthropicUsageObject } from '../anthropic/anthropic-usage.js';

/** One content block as logged (text, thinking, tool_use, tool_result, image, …); kept loose on purpose. */
export interface LoggedContentBlock {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** An assistant message's `usage` as Claude Code logs it (the API's, copied). */
export type ClaudeCodeUsage = AnthropicUsageObject;

interface ConversationFields {
  readonly uuid: string;
  readonly parentUuid?: string | null | undefined;
  readonly timestamp: string;
  readonly sessionId: string;
  readonly isSidechain?: boolean | undefined;
  readonly agentId?: string | undefined;
  readonly isMeta?: boolean | undefined;
  readonly requestId?: string | undefined;
  readonly [field: string]: unknown;
}

export interface UserEntryShape extends ConversationFields {
  readonly type: 'user';
  readonly message: { readonly role: 'user'; readonly content: string | readonly LoggedContentBlock[]; readonly [field: string]: unknown };
}

export interface AssistantEntryShape extends ConversationFields {
  readonly type: 'assistant';
  readonly message: {
    readonly id: string;
    readonly role: 'assistant';
    readonly model: string;
    readonly content: readonly LoggedContentBlock[];
    readonly usage?: ClaudeCodeUsage | undefined;
    readonly [field: string]: unknown;
  };
}

/** RFC 3339 date-time with seconds and a `Z` or numeric offset, as Claude Code writes `timestamp` (the same form zod's `iso.datetime({offset: true})` accepted). */
const DATE_TIME =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8])))T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

type Record_ = Readonly<Record<string, unknown>>;

/** Thrown inside the check; the reader turns it into an input error with file and line. */
class ShapeError extends Error {}

function described(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? 'a string' : JSON.stringify(value);
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

function fail(path: string, expected: string, value: unknown): never {
  throw new ShapeError(`${path}: expected ${expected}, got ${value === undefined ? 'nothing' : described(value)}`);
}

function object(value: unknown, path: string): Record_ {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object', value);
  return value as Record_;
}

function text(parent: Record_, field: string, path: string, rule: { optional?: boolean; nullable?: boolean; nonEmpty?: boolean } = {}): void {
  const value = parent[field];
  if (value === undefined && rule.optional) return;
  if (value === null && rule.nullable) return;
  if (typeof value !== 'string' || (rule.nonEmpty && value === '')) fail(`${path}${field}`, rule.nonEmpty ? 'a non-empty string' : 'a string', value);
}

function flag(parent: Record_, field: string, path: string): void {
  const value = parent[field];
  if (value !== undefined && typeof value !== 'boolean') fail(`${path}${field}`, 'true or false', value);
}

function count(parent: Record_, field: string, path: string, rule: { optional?: boolean; nullable?: boolean } = {}): void {
  const value = parent[field];
  if (value === undefined && rule.optional) return;
  if (value === null && rule.nullable) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) fail(`${path}${field}`, 'a whole number of tokens, 0 or more', value);
}

function contentBlocks(value: unknown, path: string): void {
  if (!Array.isArray(value)) fail(path, 'an array of content blocks', value);
  value.forEach((block, at) => text(object(block, `${path}.${at}`), 'type', `${path}.${at}.`));
}

function usage(value: unknown): void {
  const path = 'message.usage.';
  const fields = object(value, 'message.usage');
  for (const { field, optional, nullable } of ANTHROPIC_USAGE_COUNTS) count(fields, field, path, { optional, nullable });
  const split = fields[ANTHROPIC_WRITE_SPLIT.field];
  if (split === undefined || split === null) return;
  const ttl = object(split, `message.usage.${ANTHROPIC_WRITE_SPLIT.field}`);
  for (const field of ANTHROPIC_WRITE_SPLIT.counts) count(ttl, field, `${path}${ANTHROPIC_WRITE_SPLIT.field}.`, { optional: true });
}

function conversationFields(entry: Record_): void {
  text(entry, 'uuid', '', { nonEmpty: true });
  text(entry, 'parentUuid', '', { optional: true, nullable: true });
  const timestamp = entry['timestamp'];
  if (typeof timestamp !== 'string' || !DATE_TIME.test(timestamp)) fail('timestamp', 'an ISO date-time with seconds and a Z or offset', timestamp);
  text(entry, 'sessionId', '', { nonEmpty: true });
  flag(entry, 'isSidechain', '');
  text(entry, 'agentId', '', { optional: true });
  flag(entry, 'isMeta', '');
  text(entry, 'requestId', '', { optional: true });
}

function checkUser(entry: Record_): UserEntryShape {
  conversationFields(entry);
  const message = object(entry['message'], 'message');
  if (message['role'] !== 'user') fail('message.role', '"user"', message['role']);
  if (typeof message['content'] !== 'string') contentBlocks(message['content'], 'message.content');
  return entry as unknown as UserEntryShape;
}

function checkAssistant(entry: Record_): AssistantEntryShape {
  conversationFields(entry);
  const message = object(entry['message'], 'message');
  text(message, 'id', 'message.', { nonEmpty: true });
  if (message['role'] !== 'assistant') fail('message.role', '"assistant"', message['role']);
  text(message, 'model', 'message.', { nonEmpty: true });
  contentBlocks(message['content'], 'message.content');
  if (message['usage'] !== undefined) usage(message['usage']);
  return entry as unknown as AssistantEntryShape;
}

/**
 * Checks a parsed line whose `type` is `user` or `assistant`: the entry itself (unknown fields kept),
 * or the first wrong field, as `path: expected …, got …`.
 */
export function checkConversationEntry(type: 'user' | 'assistant', value: Record_): { entry: UserEntryShape | AssistantEntryShape } | { problem: string } {
  try {
    return { entry: type === 'user' ? checkUser(value) : checkAssistant(value) };
  } catch (error) {
    if (error instanceof ShapeError) return { problem: error.message };
    throw error;
  }
}
