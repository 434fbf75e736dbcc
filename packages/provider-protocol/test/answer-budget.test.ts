import { describe, expect, it } from 'vitest';
import { AnswerBudget, defaultAnswerBudgetBytes } from '../src/index.js';

describe('AnswerBudget', () => {
  it('adds up what its holders hold and says whether the total is within maxBytes (the bound itself included)', () => {
    const budget = new AnswerBudget(10);
    expect(budget.change(6)).toBe(true);
    expect(budget.change(4)).toBe(true);
    expect(budget.usedBytes).toBe(10);
    expect(budget.change(1)).toBe(false);
    expect(budget.change(-5)).toBe(true);
    expect(budget.usedBytes).toBe(6);
  });

  it('is 256 MiB by default and refuses a size that is not a positive number', () => {
    expect(new AnswerBudget().maxBytes).toBe(256 * 1024 * 1024);
    expect(defaultAnswerBudgetBytes).toBe(256 * 1024 * 1024);
    for (const bad of [0, -1, Number.NaN]) expect(() => new AnswerBudget(bad)).toThrow(`maxBytes: expected a positive number of bytes, got ${bad}`);
  });
});
