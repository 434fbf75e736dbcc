import { describe, expect, it } from 'vitest';
import { BoundedLineSplitter, discardedHeadBytes } from '../src/index.js';

function split(max: number, chunks: readonly (string | Buffer)[], end = true) {
  const lines: string[] = [];
  const oversized: { head: string; bytes: number }[] = [];
  const splitter = new BoundedLineSplitter(max, { line: (b) => lines.push(b.toString('utf8')), oversized: (head, bytes) => oversized.push({ head, bytes }) });
  for (const chunk of chunks) splitter.push(chunk);
  if (end) splitter.end();
  return { lines, oversized, pending: splitter.pending };
}

describe('BoundedLineSplitter', () => {
  it('splits lines across chunk boundaries and hands on a last line without a newline at end()', () => {
    expect(split(100, ['a', 'b\ncd', '\n\nef']).lines).toEqual(['ab', 'cd', '', 'ef']);
    expect(split(100, ['ab\ncd'], false)).toMatchObject({ lines: ['ab'], pending: true });
  });

  it('accepts a line of exactly the limit and discards one byte more, reporting its head and length once', () => {
    expect(split(4, ['abcd\n']).lines).toEqual(['abcd']);
    const over = split(4, ['ab', 'cde', 'fg\nok\n']);
    expect(over.lines).toEqual(['ok']);
    expect(over.oversized).toHaveLength(1);
    expect(over.oversized[0]?.bytes).toBe(7);
    // The head is the start of the line, at least up to the chunk that crossed the limit.
    expect('abcdefg'.startsWith(over.oversized[0]?.head ?? '-')).toBe(true);
    expect(over.oversized[0]?.head.length).toBeGreaterThanOrEqual(5);
  });

  it('keeps only the first KiB of a discarded line', () => {
    const long = 'x'.repeat(10_000);
    const { oversized } = split(2_000, [long.slice(0, 3_000), long.slice(3_000), '\n']);
    expect(oversized).toEqual([{ head: 'x'.repeat(discardedHeadBytes), bytes: 10_000 }]);
  });

  it('reads a line of many small chunks in linear time (a 16 MiB line in 64 KiB chunks well under a second)', () => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const started = performance.now();
    const lines: number[] = [];
    const splitter = new BoundedLineSplitter(32 * 1024 * 1024, { line: (b) => lines.push(b.length), oversized: () => undefined });
    for (let i = 0; i < 256; i++) splitter.push(chunk);
    splitter.push('\n');
    expect(lines).toEqual([16 * 1024 * 1024]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('holds a line being discarded as pending, and reports it at end() when no newline came', () => {
    const held = split(4, ['abcdef'], false);
    expect(held).toMatchObject({ lines: [], oversized: [], pending: true });
    expect(split(4, ['abcdef'])).toMatchObject({ lines: [], oversized: [{ head: 'abcdef', bytes: 6 }], pending: false });
  });

  it('discardLine() drops the line being read, quietly, up to its newline, and answers its head; the next line is read as usual', () => {
    const lines: string[] = [];
    const oversized: unknown[] = [];
    const splitter = new BoundedLineSplitter(100, { line: (b) => lines.push(b.toString('utf8')), oversized: (head, bytes) => oversized.push({ head, bytes }) });
    expect(splitter.discardLine()).toBe('');
    splitter.push('ok\n{"id":7,');
    expect(splitter.pendingBytes).toBe(8);
    expect(splitter.discardLine()).toBe('{"id":7,');
    expect(splitter.pendingBytes).toBe(0);
    expect(splitter.pending).toBe(true);
    splitter.push('"rest":1}\nnext\n');
    expect({ lines, oversized, pending: splitter.pending }).toEqual({ lines: ['ok', 'next'], oversized: [], pending: false });
  });

  it('discardLine() keeps at most the first KiB as the head, and silences a line already over the limit', () => {
    const oversized: unknown[] = [];
    const splitter = new BoundedLineSplitter(5_000, { line: () => undefined, oversized: (head, bytes) => oversized.push({ head, bytes }) });
    splitter.push('y'.repeat(3_000));
    expect(splitter.discardLine()).toBe('y'.repeat(discardedHeadBytes));
    const over = new BoundedLineSplitter(4, { line: () => undefined, oversized: (head, bytes) => oversized.push({ head, bytes }) });
    over.push('abcdef');
    expect(over.discardLine()).toBe('abcdef');
    over.push('gh\n');
    over.push('abcdefgh\n');
    // Only the second line is reported: the first was dropped by discardLine().
    expect(oversized).toEqual([{ head: 'abcdefgh', bytes: 8 }]);
  });
});
