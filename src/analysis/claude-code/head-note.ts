import type { HeadSighting } from './head-evidence.js';

/**
 * Which evidence a session's first request, or a later one after an idle gap, rested on, in words for
 * the tree's notes. `who` names the session or subagent.
 */
export function headNote(who: string, which: string, key: string, evidence: HeadSighting | undefined, head: number, time: number, assumed: boolean): string {
  if (evidence !== undefined) {
    return `${who}: ${which} predicted warm: its head (${key}, ${head} tokens) was sent by ${evidence.session} ${Math.round(time - evidence.time)} s before, within its ${evidence.ttlSeconds} s TTL.`;
  }
  if (assumed) return `${who}: ${which} predicted warm: its head (${key}, ${head} tokens) assumed still cached (globalHead), without evidence in the input.`;
  return `${who}: ${which} predicted cold: no other session in the input sent its head (${key}) within the head's TTL before it; the read ranges from 0 to ${head > 0 ? `${head} tokens (the head's size as the input showed it)` : 'the head, whose size the input had not shown yet'}.`;
}
