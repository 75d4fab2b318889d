import type { SettingPart } from '../../prefix/index.js';
import { settingHeads, type KeyedSettingName } from '../causes/setting-causes.js';
import { isJsonObject, type BodyLocation, type JsonObject } from '../wire/body-fields.js';
import { canonicalJson } from '../wire/canonical-json.js';

/** Every content block of the messages, blocks inside a `tool_result` included. */
function* contentBlocks(messages: readonly unknown[]): Generator<JsonObject> {
  const inside = function* (content: unknown): Generator<JsonObject> {
    if (!Array.isArray(content)) return;
    for (const block of content) {
      if (!isJsonObject(block)) continue;
      yield block;
      if (block['type'] === 'tool_result') yield* inside(block['content']);
    }
  };
  for (const message of messages) if (isJsonObject(message)) yield* inside(message['content']);
}

/** A parameter object as the cache keys it (its keys in any order), or undefined when the body leaves it out. */
function parameterKey(body: JsonObject, field: string, location: BodyLocation): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  return canonicalJson(location.at(field).object(value));
}

/**
 * The `tool_choice` the cache keys on: `{type: "auto"}` is what a body without one gets ("auto …
 * This is the default value when tools are provided",
 * https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use#forcing-tool-use),
 * so it and an omitted `tool_choice` are one setting; anything else is kept as sent.
 */
function toolChoiceKey(body: JsonObject, location: BodyLocation): string | undefined {
  const key = parameterKey(body, 'tool_choice', location);
  return key === canonicalJson({ type: 'auto' }) ? undefined : key;
}

/**
 * The `speed` the cache keys on: `"fast"`, or undefined for standard speed (`"standard"`, `null` or
 * left out: "`\"fast\"` enables high output-tokens-per-second inference", @anthropic-ai/sdk 1.15.0
 * `MessageCreateParams.speed`). Any other string is kept as sent: a value kvprefix does not know is
 * a setting of its own, never read as standard.
 */
function speedKey(body: JsonObject, location: BodyLocation): string | undefined {
  const value = body['speed'];
  if (value === undefined || value === null || value === 'standard') return undefined;
  return location.at('speed').string(value);
}

/**
 * The settings of an Anthropic messages body that its prompt cache is keyed on beyond the bytes
 * (`KEYED_SETTINGS`, from the "What invalidates the cache" table), each as it was sent: `speed`
 * when not standard, `citations` when a document or search result enables them, `tool_choice` when it is not the
 * default `auto`, `thinking` when the body sets it (left out is not read as a default: what an omitted `thinking`
 * means "depends on the model", SDK `ThinkingConfigParam`), and `images` when an image block is
 * anywhere in the messages. A body without any of them has no settings, and renders as before.
 */
export function anthropicSettings(body: JsonObject, messages: readonly unknown[], location: BodyLocation): SettingPart[] {
  let images = false;
  let citations = false;
  for (const block of contentBlocks(messages)) {
    if (block['type'] === 'image') images = true;
    const citing = block['citations'];
    if (isJsonObject(citing) && citing['enabled'] === true) citations = true;
  }
  const keys: Record<KeyedSettingName, string | undefined> = {
    speed: speedKey(body, location),
    citations: citations ? 'enabled' : undefined,
    tool_choice: toolChoiceKey(body, location),
    images: images ? 'present' : undefined,
    thinking: parameterKey(body, 'thinking', location),
  };
  const settings: SettingPart[] = [];
  for (const [name, key] of Object.entries(keys) as [KeyedSettingName, string | undefined][]) {
    if (key !== undefined) settings.push({ name, key, heads: settingHeads(name) });
  }
  return settings;
}
