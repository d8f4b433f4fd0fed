import { describe, expect, it } from 'vitest';
import { anyRunning, kindRequest, knownAction, resultIndicatorType, statusIndicatorType } from './history.ts';

describe('import history helpers', () => {
  it('detects running jobs', () => {
    expect(anyRunning([])).toBe(false);
    expect(anyRunning([{ status: 'normal' }, { status: 'abnormal' }])).toBe(false);
    expect(anyRunning([{ status: 'normal' }, { status: 'running' }])).toBe(true);
  });
  it('maps statuses and results to indicators', () => {
    expect(statusIndicatorType('running')).toBe('in-progress');
    expect(statusIndicatorType('normal')).toBe('success');
    expect(statusIndicatorType('warning')).toBe('warning');
    expect(statusIndicatorType('abnormal')).toBe('error');
    expect(resultIndicatorType('ok')).toBe('success');
    expect(resultIndicatorType('error')).toBe('error');
  });
  it('sends the kind only when filtered', () => {
    expect(kindRequest('all')).toEqual({});
    expect(kindRequest('user')).toEqual({ kind: 'user' });
    expect(kindRequest('corp')).toEqual({ kind: 'corp' });
  });
  it('knows the row actions', () => {
    expect(knownAction('created')).toBe('created');
    expect(knownAction('unchanged')).toBe('unchanged');
    expect(knownAction(null)).toBeUndefined();
    expect(knownAction('merged')).toBeUndefined();
  });
});
