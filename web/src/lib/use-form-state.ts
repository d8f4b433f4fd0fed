import { useState } from 'react';

/**
 * Values of a form with inline validation: local errors appear after the first submit (then follow
 * every change), server field errors (-4) stay until their field changes.
 */
export function useFormState<V extends object>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const change = <K extends keyof V>(field: K, value: V[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors((previous) => {
      const name = String(field);
      if (!(name in previous)) return previous;
      const rest = { ...previous };
      delete rest[name];
      return rest;
    });
  };

  /** Drops server errors of a field and its entries (`member_ids`, `member_ids.3`, ...). */
  const clearServerErrors = (field: string) =>
    setServerErrors((previous) => {
      const rest = Object.fromEntries(Object.entries(previous).filter(([name]) => name !== field && !name.startsWith(`${field}.`)));
      return Object.keys(rest).length === Object.keys(previous).length ? previous : rest;
    });

  return { values, setValues, change, submitted, setSubmitted, serverErrors, setServerErrors, clearServerErrors };
}
