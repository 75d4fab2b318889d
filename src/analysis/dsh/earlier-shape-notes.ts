import path from 'node:path';
import type { DshSessionFile } from './dsh-session-tree.js';

/**
 * A note per log read in the event shapes of an earlier DSH release (`earlierShape` on its events;
 * providers/session/earlier-shapes.ts), counting each shape: the report says the log was read as
 * that release sent it, not silently taken for today's shapes.
 */
export function earlierShapeNotes(files: readonly DshSessionFile[]): string[] {
  const notes: string[] = [];
  for (const file of files) {
    const counts = new Map<string, number>();
    for (const entry of file.log.events) if (entry.known && entry.earlierShape !== undefined) counts.set(entry.earlierShape, (counts.get(entry.earlierShape) ?? 0) + 1);
    if (counts.size === 0) continue;
    const shapes = [...counts].map(([shape, count]) => `${count} × ${shape}`).join('; ');
    notes.push(`${path.basename(file.file)} is in the event shapes of DSH's July 2026 releases, read as that DSH sent each event: ${shapes}`);
  }
  return notes;
}
