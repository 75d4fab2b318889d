import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../src/prefix/index.js';
import { readSessionLog, SessionLogParser } from '../src/providers/session/index.js';

const HEADER = '{"type":"session","version":0,"id":"96cf59c9-b347-48b9-b234-a5200913ad05","createdAt":1783352134832,"cwd":"{{cwd}}","delegationDepth":0}';
const TURN_START = '{"type":"turn/start","data":{"turn":1}}';
const STEP_START = '{"type":"step/start","data":{"turn":1,"step":1}}';
const TEXT_ROW = '{"type":"text-chunks","data":{"turn":1,"step":1,"index":1,"dt":[0,0,0],"texts":["PAR","ENT","_D","ONE"]}}';

interface Case {
  readonly name: string;
  readonly content: string | Uint8Array;
  readonly code: string;
  readonly message: string | RegExp;
}

const lines = (...rows: string[]) => `${rows.join('\n')}\n`;

const CASES: readonly Case[] = [
  {
    name: 'a line that is not JSON',
    content: lines(HEADER, TURN_START, '{"type":"step/start","data":{"turn":1,'),
    code: 'input/malformed-json',
    message: /^log\.jsonl:3: invalid JSON: /,
  },
  {
    name: 'a known event whose data breaks its schema',
    content: lines(HEADER, TURN_START, '{"type":"tool/call","data":{"turn":1,"step":1,"name":"bash","arguments":"{}"}}'),
    code: 'input/schema',
    message: 'log.jsonl:3: tool/call: data.callId: Invalid input: expected string, received undefined',
  },
  {
    name: 'a line that is JSON but not an event object',
    content: lines(HEADER, '[1,2,3]'),
    code: 'input/schema',
    message: 'log.jsonl:2: expected a JSON object with a string "type"',
  },
  {
    name: 'an event where the header belongs',
    content: lines(TURN_START, HEADER),
    code: 'input/not-a-session-log',
    message: "log.jsonl:1: expected the session header {\"type\":\"session\",…} first, found an event of type 'turn/start'",
  },
  {
    name: 'a second header',
    content: lines(HEADER, TURN_START, HEADER),
    code: 'input/schema',
    message: 'log.jsonl:3: a second session header: a log has exactly one, on its first line',
  },
  {
    name: 'a header of another format version',
    content: lines(HEADER.replace('"version":0', '"version":1'), TURN_START),
    code: 'input/unsupported-version',
    message: 'log.jsonl:1: session log format version 1 is not supported: kvprefix reads DSH format version 0',
  },
  {
    name: 'a header without an id',
    content: lines('{"type":"session","version":0,"createdAt":1}'),
    code: 'input/schema',
    message: 'log.jsonl:1: session header: id: Invalid input: expected string, received undefined',
  },
  {
    name: 'a stored seq that is not the event position',
    content: lines(HEADER, '{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}', '{"type":"step/start","seq":2,"time":1,"data":{"turn":1,"step":1}}'),
    code: 'input/seq-mismatch',
    message: "log.jsonl:3: seq 2 does not match the event's position in the log (logical seq 1): the log is not contiguous",
  },
  {
    name: 'a stored seq after a packed row that ignores the row members',
    content: lines(HEADER, TEXT_ROW.replace('{"type":"text-chunks",', '{"type":"text-chunks","seq0":0,"time0":5,'), '{"type":"step/end","seq":1,"data":{"turn":1,"step":1}}'),
    code: 'input/seq-mismatch',
    message: "log.jsonl:3: seq 1 does not match the event's position in the log (logical seq 4): the log is not contiguous",
  },
  {
    name: 'an unknown event with a wrong seq',
    content: lines(HEADER, '{"type":"agent/inbox/spliced","seq":7,"data":{}}'),
    code: 'input/seq-mismatch',
    message: "log.jsonl:2: seq 7 does not match the event's position in the log (logical seq 0): the log is not contiguous",
  },
  {
    name: 'a packed row whose dt does not fit its members',
    content: lines(HEADER, TEXT_ROW.replace('"dt":[0,0,0]', '"dt":[0,0]')),
    code: 'input/schema',
    message: 'log.jsonl:2: text-chunks: data.dt: dt must have one entry fewer than the packed members',
  },
  {
    name: 'an empty file',
    content: '',
    code: 'input/empty-log',
    message: 'log.jsonl: the file holds no session header (it is empty)',
  },
  {
    name: 'bytes that are not UTF-8',
    content: Buffer.concat([Buffer.from(lines(HEADER, TURN_START)), Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d, 0x0a])]),
    code: 'input/invalid-utf8',
    // The offset counts from the start of the file: the two lines before, then `{"` on this one.
    message: `log.jsonl:3: byte ${Buffer.byteLength(lines(HEADER, TURN_START)) + 2} (0xFF): not valid UTF-8`,
  },
];

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'kvprefix-malformed-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('a malformed session log', () => {
  it.each(CASES.map((entry) => [entry.name, entry] as const))('%s is an InputError naming file, line and reason', async (_name, entry) => {
    const file = path.join(directory, 'log.jsonl');
    await writeFile(file, entry.content);
    const error = await readSessionLog(file, { label: 'log.jsonl' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe(entry.code);
    if (typeof entry.message === 'string') expect((error as InputError).message).toBe(entry.message);
    else expect((error as InputError).message).toMatch(entry.message);
  });

  it('a missing file is an InputError naming it in plain words', async () => {
    const error = await readSessionLog(path.join(directory, 'absent.jsonl'), { label: 'absent.jsonl' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe('input/unreadable-file');
    expect((error as InputError).message).toBe('absent.jsonl: cannot read: no such file');
  });

  it('an event breaking its schema after 6,000 valid ones (where zod compiles its parsers) gets the same message as the first event would', () => {
    const broken = '{"type":"tool/call","data":{"turn":1,"step":1,"name":"bash","arguments":"{}"}}';
    const messageAfter = (valid: number): string => {
      const parser = new SessionLogParser('log.jsonl');
      parser.header(HEADER, 1);
      for (let line = 2; line < valid + 2; line++) parser.event(STEP_START, line);
      try {
        parser.event(broken, valid + 2);
      } catch (error) {
        expect(error).toBeInstanceOf(InputError);
        return (error as InputError).message;
      }
      throw new Error(`event ${valid + 2} was accepted`);
    };
    expect(messageAfter(0)).toBe('log.jsonl:2: tool/call: data.callId: Invalid input: expected string, received undefined');
    expect(messageAfter(6_000)).toBe('log.jsonl:6002: tool/call: data.callId: Invalid input: expected string, received undefined');
  });

  it('stored seqs that match their positions are accepted, packed rows counting per member', async () => {
    const file = path.join(directory, 'log.jsonl');
    await writeFile(
      file,
      lines(
        HEADER,
        '{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}',
        TEXT_ROW.replace('{"type":"text-chunks",', '{"type":"text-chunks","seq0":1,"time0":5,'),
        '{"type":"step/start","seq":5,"time":9,"data":{"turn":1,"step":1}}',
        '',
        STEP_START,
      ),
    );
    const log = await readSessionLog(file);
    expect(log.events.map((entry) => [entry.seq, entry.line, entry.span])).toEqual([[0, 2, 1], [1, 3, 4], [5, 4, 1], [6, 6, 1]]);
  });
});
