import { describe, expect, it } from 'vitest';
import { isOriginHostName } from '../../src/index.js';

describe('isOriginHostName', () => {
  it.each(['app.example.com', 'App.Example.COM', '192.168.1.5', '[fd00::1]', 'localhost'])('%j is a host name an Origin can have', (name) =>
    expect(isOriginHostName(name)).toBe(true),
  );

  const never = [
    '',
    ' ',
    'a b',
    'https://app.example.com',
    'app.example.com:443',
    'app.example.com/',
    'user@app.example.com',
    'bücher.example',
    'fd00::1',
    '1.2.3',
  ];
  it.each(never)('%j never matches an Origin', (name) => expect(isOriginHostName(name)).toBe(false));
});
