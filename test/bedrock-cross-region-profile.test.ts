import { describe, expect, it } from 'vitest';
import { crossRegionNote, crossRegionProfile } from '../src/analysis/bedrock/cross-region-profile.js';

describe('Bedrock cross-Region inference profiles', () => {
  it('names the profile prefix of jp., us., eu., apac. and global. ids, after a gateway operation or an ARN path', () => {
    expect(crossRegionProfile('converse/jp.anthropic.claude-haiku-4-5-20251001-v1:0')).toBe('jp');
    expect(crossRegionProfile('us.anthropic.claude-sonnet-4-20250514-v1:0')).toBe('us');
    expect(crossRegionProfile('eu.anthropic.claude-3-7-sonnet-20250219-v1:0')).toBe('eu');
    expect(crossRegionProfile('apac.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBe('apac');
    expect(crossRegionProfile('arn:aws:bedrock:us-east-1:123456789012:inference-profile/global.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBe('global');
  });

  it('a model served in one Region, or an Anthropic API id, is no profile', () => {
    expect(crossRegionProfile('anthropic.claude-sonnet-4-5-20250929-v1:0')).toBeUndefined();
    expect(crossRegionProfile('claude-sonnet-4-5-20250929')).toBeUndefined();
  });

  it('the note names the model id and says cold/warm cannot be predicted per request', () => {
    const note = crossRegionNote('converse/jp.anthropic.claude-haiku-4-5-20251001-v1:0', 'jp');
    expect(note).toContain('converse/jp.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(note).toContain("'jp' geography");
    expect(note).toContain('cannot be predicted per request');
  });
});
