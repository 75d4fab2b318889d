import { claudeCodeReader } from './claude-code-reader.js';
import { wireReader, type SessionReader } from './session-readers.js';

/**
 * The readers `analyzePaths` dispatches to, in the order they are asked (one line each). The DSH
 * session-tree replay joins as
 *
 *   { name: 'dsh', reads: 'DSH session folders and logs', claims: isDshSession,
 *     analyze: (inputs, options) => Promise.all(inputs.map((input) => analyzeDshSessionTree(input.file, { policy: … }))) }
 */
export const SESSION_READERS: readonly SessionReader[] = [claudeCodeReader, wireReader];
