import { describe, expect, it } from 'vitest';
import { LogLimiter } from '../src/log-limiter.js';

/** A limiter on a clock the test moves, and the lines it wrote. */
function limited(options: { burst?: number; perSecond?: number } = {}) {
  let now = 0;
  const lines: string[] = [];
  const limiter = new LogLimiter({ ...options, now: () => now });
  return {
    limiter,
    lines,
    write: (key: string, line: string) => limiter.write(key, line, (shown) => lines.push(shown)),
    advance: (ms: number) => (now += ms),
  };
}

/** The counts of the summary lines among `lines`, summed. */
const suppressed = (lines: readonly string[]) =>
  lines.map((line) => /… (\d+) similar line\(s\) suppressed$/.exec(line)?.[1]).reduce((sum, n) => sum + (n === undefined ? 0 : Number(n)), 0);

describe('LogLimiter', () => {
  it('lets a burst through at once, then holds back and says how many when the next line is let through', () => {
    const t = limited({ burst: 5, perSecond: 1 });
    for (let i = 0; i < 1000; i++) t.write('junk', `line ${i}`);
    expect(t.lines).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4']);
    t.advance(999);
    expect(t.write('junk', 'late')).toBe(false);
    t.advance(1);
    expect(t.write('junk', 'later')).toBe(true);
    expect(t.lines.slice(5)).toEqual(['junk: … 996 similar line(s) suppressed', 'later']);
  });

  it('keeps each key apart: a flood of one kind does not hold back another', () => {
    const t = limited({ burst: 2, perSecond: 1 });
    for (let i = 0; i < 100; i++) t.write('flood', `f${i}`);
    expect(t.write('other', 'o1')).toBe(true);
    expect(t.write('other', 'o2')).toBe(true);
    expect(t.lines).toEqual(['f0', 'f1', 'o1', 'o2']);
  });

  it('flush writes the summary of every key still holding lines back, once', () => {
    const t = limited({ burst: 1, perSecond: 1 });
    for (let i = 0; i < 10; i++) t.write('a', `a${i}`);
    for (let i = 0; i < 4; i++) t.write('b', `b${i}`);
    t.write('c', 'c0');
    t.limiter.flush();
    t.limiter.flush();
    expect(t.lines).toEqual(['a0', 'b0', 'c0', 'a: … 9 similar line(s) suppressed', 'b: … 3 similar line(s) suppressed']);
  });

  it('refills at the rate up to the burst, never past it', () => {
    const t = limited({ burst: 3, perSecond: 2 });
    t.write('k', 'first');
    t.advance(3_600_000);
    for (let i = 0; i < 10; i++) t.write('k', `x${i}`);
    expect(t.lines).toEqual(['first', 'x0', 'x1', 'x2']);
    t.advance(1_000);
    for (let i = 0; i < 10; i++) t.write('k', `y${i}`);
    expect(t.lines.filter((l) => l.startsWith('y'))).toEqual(['y0', 'y1']);
  });

  it('bounds a 25 s store outage of 13,130 lines to at most 200, every line written or counted (defaults)', () => {
    const t = limited();
    const total = 13_130;
    for (let i = 0; i < total; i++) {
      t.write('xcap serve: request errors', `xcap serve: the token store could not be read (${i})`);
      t.advance(25_000 / total);
    }
    t.limiter.flush();
    expect(t.lines.length).toBeLessThanOrEqual(200);
    expect(t.lines.filter((l) => l.includes('could not be read')).length + suppressed(t.lines)).toBe(total);
  });

  it('bounds a flood of 600,000 lines in 10 s to at most 2,000 (defaults)', () => {
    const t = limited();
    for (let i = 0; i < 600_000; i++) {
      t.write('[provider p] ignored stdout', `junk ${i}`);
      if (i % 60 === 0) t.advance(1);
    }
    t.limiter.flush();
    expect(t.lines.length).toBeLessThanOrEqual(2_000);
    expect(t.lines.filter((l) => l.startsWith('junk')).length + suppressed(t.lines)).toBe(600_000);
  });

  it('refuses a burst or a rate that is not positive', () => {
    expect(() => new LogLimiter({ burst: 0 })).toThrow(RangeError);
    expect(() => new LogLimiter({ burst: 1.5 })).toThrow(RangeError);
    expect(() => new LogLimiter({ perSecond: 0 })).toThrow(RangeError);
    expect(() => new LogLimiter({ perSecond: Number.NaN })).toThrow(RangeError);
  });
});
