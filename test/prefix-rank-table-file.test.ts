import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRankTable, loadRankTable, rankTableFileBytes, rankTableUrl } from '../src/prefix/rank-table-file.js';
import { encodeTableFile, readTableFile } from '../src/prefix/table-file.js';
import { TOKENIZER_NAMES } from '../src/prefix/index.js';

describe('generated rank tables', () => {
  for (const name of TOKENIZER_NAMES) {
    it(`tables/${name}.ranks.bin is what the generator builds now from the installed gpt-tokenizer`, () => {
      const onDisk = new Uint8Array(readFileSync(rankTableUrl(name)));
      expect(Buffer.compare(onDisk, rankTableFileBytes(name))).toBe(0);
    });
  }

  it('the loaded o200k table ranks every token as the table built from the rank list does', () => {
    const loaded = loadRankTable('o200k_base')!;
    const built = buildRankTable('o200k_base');
    expect(loaded.maxTokenBytes).toBe(built.maxTokenBytes);
    expect([...loaded.byteRanks]).toEqual([...built.byteRanks]);
    const { pool, starts } = built.parts();
    let differing = 0;
    for (let rank = 0; rank + 1 < starts.length; rank++) if (loaded.rank(pool, starts[rank]!, starts[rank + 1]!) !== built.rank(pool, starts[rank]!, starts[rank + 1]!)) differing++;
    expect(differing).toBe(0);
  });
});

describe('table file format', () => {
  const built = { encoding: 'test', from: 'here@1' };
  const arrays = { bytes: Uint8Array.of(1, 2, 3), numbers: Int32Array.of(-1, 7, 1 << 30) };

  it('reads back the arrays it wrote, and refuses a file built from something else', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-table-'));
    const file = path.join(folder, 'table.bin');
    try {
      writeFileSync(file, encodeTableFile(built, arrays));
      const read = readTableFile(file, built)!;
      expect([...read['bytes']!]).toEqual([1, 2, 3]);
      expect([...read['numbers']!]).toEqual([-1, 7, 1 << 30]);
      expect(readTableFile(file, { ...built, from: 'here@2' })).toBeNull();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('gives null for a missing file, so that the table is built the slow way', () => {
    expect(readTableFile('/nonexistent/table.bin', built)).toBeNull();
  });
});
