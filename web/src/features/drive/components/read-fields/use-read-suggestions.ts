import { useState } from 'react';
import type { ReadFieldName, ReadFieldSet } from '@shared/schemas/read-fields.ts';
import { useReadFields } from '../../api/get-read-fields.ts';

const NO_FIELDS: ReadFieldSet = {};

/**
 * A details form's side of the reading: the file's reading (asked again while it is on its way),
 * the fields the user took from it ("Use"), and the field being looked at (its line is highlighted
 * on the page). The form keeps the values; typing in a field lets go of what was taken for it.
 */
export function useReadSuggestions(fileId: string | undefined) {
  const state = useReadFields(fileId);
  const [taken, setTaken] = useState<ReadonlySet<ReadFieldName>>(() => new Set());
  const [lookedAt, setLookedAt] = useState<ReadFieldName>();
  const fields = state.reading?.status === 'read' ? state.reading.fields : NO_FIELDS;
  const take = (field: ReadFieldName) => setTaken((previous) => new Set(previous).add(field));
  const release = (field: ReadFieldName) =>
    setTaken((previous) => {
      if (!previous.has(field)) return previous;
      const next = new Set(previous);
      next.delete(field);
      return next;
    });
  return { ...state, fields, taken, take, release, lookedAt, lookAt: setLookedAt };
}

export type ReadSuggestions = ReturnType<typeof useReadSuggestions>;
