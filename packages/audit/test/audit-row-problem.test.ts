import { describe, expect, it } from 'vitest';
import { auditRowProblem, type AuditRow } from '../src/index.js';

const row: AuditRow = { appId: 'acme.album', clientId: 'run-1', tool: 'photos__list', status: 'ok', error: null, argsHash: 'sha256:00' };

describe('auditRowProblem', () => {
  it('finds nothing wrong with an audit row, its error a string or null', () => {
    expect(auditRowProblem(row)).toBeUndefined();
    expect(auditRowProblem({ ...row, status: 'denied', error: 'consentNeeded' })).toBeUndefined();
  });

  it('names the first field that is wrong and what is wrong with it', () => {
    expect(auditRowProblem(null)).toEqual({ field: '', problem: 'must be an audit row object' });
    expect(auditRowProblem('row')).toEqual({ field: '', problem: 'must be an audit row object' });
    for (const field of ['appId', 'clientId', 'tool', 'argsHash'] as const)
      expect(auditRowProblem({ ...row, [field]: 7 }), field).toEqual({ field, problem: 'must be a string, got number' });
    expect(auditRowProblem({ ...row, status: 'maybe' })).toEqual({
      field: 'status',
      problem: 'must be one of ok, failed, invalid, upstream, denied, got "maybe"',
    });
    expect(auditRowProblem({ ...row, status: undefined })).toEqual({
      field: 'status',
      problem: 'must be one of ok, failed, invalid, upstream, denied, got undefined',
    });
    expect(auditRowProblem({ ...row, error: undefined })).toEqual({ field: 'error', problem: 'must be a string or null, got undefined' });
    expect(auditRowProblem({ ...row, appId: 1, tool: 2 })?.field).toBe('appId');
  });
});
