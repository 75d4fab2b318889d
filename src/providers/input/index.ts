// Reading one input (a file, or standard input for `-`): plain wording for failures, a size limit,
// and UTF-8 decoding that names the byte offset of a bad byte. Shared by the session-log reader and
// the request-file reader so that both say the same thing about the same problem. Output files
// that cannot be written are worded the same way.
export { inputChunks, inputChunkViews, inputLabel, notAFile, readInputBytes, readInputText, STDIN_NAME } from './input-chunks.js';
export type { InputOptions } from './input-chunks.js';
export { DEFAULT_MAX_INPUT_BYTES, formatMebibytes, inputTooLarge } from './input-size.js';
export { describeReadFailure, unreadableFile } from './read-failure.js';
export { decodeUtf8, firstInvalidUtf8 } from './utf8.js';
export { describeWriteFailure, unwritableFile } from './write-failure.js';
export { MAX_JSON_DEPTH, tooDeepAt } from './json-depth.js';
export { hasZstdMagic, ZstdFrameGuard } from './zstd-frame-guard.js';
export { zstdChunks } from './zstd-stream.js';
