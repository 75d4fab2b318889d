import path from 'node:path';
import type { SessionAnalysis } from '../../replay/session-analysis.js';

/*
 * A row is labelled by its session and request index, so every label must be short enough that the
 * `#n` shows and unique within its tree (a parent's rows and its children's must not look alike).
 * Claude Code and many hosts name sessions by UUID: eight hex digits tell them apart, as git's short
 * hashes do; longer forms are used only when the short ones collide.
 */

const UUID_FILE = /^([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z.]+)?$/i;

/** The shortest useful name of a session: its file name, with a UUID cut to its first eight digits. */
function shortName(session: SessionAnalysis): string {
  const base = path.basename(session.file);
  const uuid = UUID_FILE.exec(base);
  return uuid ? uuid[1]! : base;
}

/** Each session's label by id: `given` where it names one, else a short name, lengthened until unique in the tree. */
export function sessionLabels(sessions: readonly SessionAnalysis[], given?: ReadonlyMap<string, string>): Map<string, string> {
  const forms: ((session: SessionAnalysis) => string)[] = [
    (session) => given?.get(session.id) ?? shortName(session),
    (session) => given?.get(session.id) ?? path.basename(session.file),
    (session) => `${given?.get(session.id) ?? path.basename(session.file)} (${session.id})`,
    (session) => `${session.file} (${session.id})`,
  ];
  const ids = new Set(sessions.map((session) => session.id)).size;
  let labels = new Map<string, string>();
  for (const form of forms) {
    labels = new Map(sessions.map((session) => [session.id, form(session)]));
    if (new Set(labels.values()).size === ids) break;
  }
  return labels;
}
