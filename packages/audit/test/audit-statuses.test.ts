import { describe, expect, it } from 'vitest';
import { auditStatuses } from '../src/index.js';

describe('auditStatuses', () => {
  it("is audit.json's enum of statuses", () => {
    expect([...auditStatuses].sort()).toEqual(['denied', 'failed', 'invalid', 'ok', 'upstream']);
  });
});
