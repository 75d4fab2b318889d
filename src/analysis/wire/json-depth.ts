// The nesting limit lives with the input reader, which applies it to every JSONL line as well.
export { MAX_JSON_DEPTH, tooDeepAt } from '../../providers/input/index.js';
