/**
 * Bedrock's cross-Region inference profiles. An id that starts with a geography (`us.`, `eu.`,
 * `apac.`, `jp.`, …) or `global.` names a profile, not a model in one Region: "Amazon Bedrock
 * automatically selects a commercial AWS Region within that geography to process your inference
 * request" (global: any commercial Region), request by request
 * (https://docs.aws.amazon.com/bedrock/latest/userguide/cross-region-inference.html). A prompt cache
 * lives where it was written, and Bedrock's caching guide warns that this routing "may lead to
 * increased cache writes" (Prompt Caching with Cross-region Inference,
 * https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html). Which Region served a
 * request is not in its response, so whether a request finds its prefix warm cannot be told from
 * the log: anything from nothing to the whole live prefix can be read.
 */
export const CROSS_REGION_INFERENCE_DOC = 'https://docs.aws.amazon.com/bedrock/latest/userguide/cross-region-inference.html';
export const BEDROCK_CACHING_DOC = 'https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html';

/** The profile prefixes of the inference-profile ids Bedrock lists (geographies, then `global`). */
const PROFILE_PREFIX = /^(us|us-gov|eu|apac|jp|au|ca|global)\.[a-z0-9-]+\./;

/**
 * The profile prefix of a model id that names a cross-Region inference profile (`jp` for
 * `converse/jp.anthropic.claude-haiku-4-5-20251001-v1:0`, `global` for an inference-profile ARN
 * ending in `global.anthropic.…`), or undefined for a model served in one Region. A gateway's
 * operation prefix (`converse/`) and an ARN's path are passed over: the id is the last path part.
 */
export function crossRegionProfile(model: string): string | undefined {
  const id = model.slice(model.lastIndexOf('/') + 1);
  return PROFILE_PREFIX.exec(id)?.[1];
}

/** Why the reads of requests to `model` (profile `profile`) cannot be predicted one by one, for a report's notes. */
export function crossRegionNote(model: string, profile: string): string {
  const where = profile === 'global' ? 'any commercial AWS Region' : `one of the Regions of the '${profile}' geography`;
  return `${model} is a Bedrock cross-Region inference profile: each request is served by ${where}, chosen by Bedrock, and a prompt cache lives in the Region that wrote it. Whether a request finds its prefix warm cannot be predicted per request; its read is predicted as if one Region served them all, with a range from 0 to that read (${CROSS_REGION_INFERENCE_DOC}; ${BEDROCK_CACHING_DOC}, Prompt Caching with Cross-region Inference).`;
}
