import { describe, expect, it } from 'vitest';
import { tokenClient } from '../src/index.js';

describe('tokenClient', () => {
  it('names the audit client of a token as token:<name>', () => {
    expect(tokenClient('ci-bot')).toBe('token:ci-bot');
  });
});
