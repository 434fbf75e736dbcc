import { describe, expect, it } from 'vitest';
import { topLevelId } from '../src/index.js';

describe('topLevelId', () => {
  it('reads the id of the outermost object, a number or a string with escaped quotes', () => {
    expect(topLevelId('{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"pad":"aaa')).toBe(12);
    expect(topLevelId('{"method":"tools/call","id" : "a\\"b","params":{')).toBe('a"b');
  });

  it('never reads the id of a nested object, and no id that is not a string or a safe integer', () => {
    expect(topLevelId('{"method":"tools/call","params":{"arguments":{"id":3},"pad":"aaaa')).toBeUndefined();
    expect(topLevelId('{"params":["x",{"id":4}],"id":5}')).toBe(5);
    expect(topLevelId('{"id":1.5,"method":"x"}')).toBeUndefined();
    expect(topLevelId('{"id":{"x":1},"method":"x"}')).toBeUndefined();
    expect(topLevelId('{"id":99999999999999999,"method":"x"}')).toBeUndefined();
  });

  it('a head cut inside the id or before it reads nothing', () => {
    expect(topLevelId('{"method":"tools/call","id":"abc')).toBeUndefined();
    expect(topLevelId('{"method":"tools/call","pad":"aaaa')).toBeUndefined();
  });
});
