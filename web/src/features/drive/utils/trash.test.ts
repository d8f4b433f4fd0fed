import { describe, expect, it } from 'vitest';
import { bulkOutcome, refusedOutcome } from './bulk-outcome.ts';
import { locationText, originalFolderId, restorableInPlace } from './trash.ts';

const entry = (id: string, place: 'present' | 'trashed' | 'missing' = 'present', path: { id: string; name: string }[] = []) => ({
  id,
  original_place: place,
  original_path: path,
});

describe('locationText', () => {
  it('writes the path from the drive down to the folder the entry was in', () => {
    expect(locationText(entry('a'), 'Drive')).toBe('Drive');
    expect(locationText(entry('a', 'trashed', [{ id: 'f1', name: 'Invoices' }, { id: 'f2', name: 'March' }]), 'ドライブ')).toBe('ドライブ / Invoices / March');
  });

  it('marks the unknown part above a folder deleted for good with an ellipsis', () => {
    expect(locationText(entry('a', 'missing', [{ id: 'f2', name: 'March' }]), 'Drive')).toBe('Drive / … / March');
    expect(locationText(entry('a', 'missing'), 'Drive')).toBe('Drive / …');
  });
});

describe('restorableInPlace and originalFolderId', () => {
  it('restores in place only where the original place is there', () => {
    expect(restorableInPlace(entry('a'))).toBe(true);
    expect(restorableInPlace(entry('a', 'trashed'))).toBe(false);
    expect(restorableInPlace(entry('a', 'missing'))).toBe(false);
  });

  it('answers the last folder of the path, or the root', () => {
    expect(originalFolderId(entry('a'))).toBe('root');
    expect(originalFolderId(entry('a', 'present', [{ id: 'f1', name: 'A' }, { id: 'f2', name: 'B' }]))).toBe('f2');
  });
});

describe('bulkOutcome', () => {
  it('maps done ids and refusals back onto the entries sent, ignoring ids it did not send', () => {
    const sent = [entry('a'), entry('b'), entry('c')];
    const outcome = bulkOutcome(sent, {
      done: ['a', 'zzz'],
      failed: [{ id: 'c', code: -990000310005, message: 'taken' }, { id: 'yyy', code: -1, message: 'x' }],
    });
    expect(outcome.done.map((item) => item.id)).toEqual(['a']);
    expect(outcome.failed).toEqual([{ entry: sent[2], code: -990000310005, message: 'taken' }]);
    expect(outcome.unreported).toEqual([]);
  });
});

describe('refusedOutcome', () => {
  it('gives the call\'s refusal to the first entry and leaves the others unreported', () => {
    const sent = [entry('a'), entry('b'), entry('c')];
    const outcome = refusedOutcome(sent, { code: -990000310003, message: 'gone' });
    expect(outcome.done).toEqual([]);
    expect(outcome.failed).toEqual([{ entry: sent[0], code: -990000310003, message: 'gone' }]);
    expect(outcome.unreported.map((item) => item.id)).toEqual(['b', 'c']);
  });

  it('answers nothing for nothing sent', () => {
    expect(refusedOutcome([], { code: -1, message: 'x' })).toEqual({ done: [], failed: [], unreported: [] });
  });
});
