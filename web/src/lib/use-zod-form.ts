import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { ApiError } from './api-client.ts';
import { handleSaveError, useReload } from './edit-form.ts';
import { focusFirstInvalid } from './focus-invalid.ts';
import { fieldErrors } from './form-validation.ts';
import { newNotificationId, notify } from './notifications.ts';
import { useFormState } from './use-form-state.ts';

export interface ZodFormOptions<V extends object, B, R> {
  /** The values the form starts from (also what Reset goes back to and `changed` compares with). */
  initial: V;
  /** The request's shared zod schema (shared/schemas/*.ts): checked in the browser before sending. */
  schema: z.ZodMiniType;
  /** The request body from the values and whatever else the form holds (called on every render). */
  toBody: (values: V) => B;
  /** The API call (pass `{ silent: true }`: the hook routes its refusals). */
  send: (body: B) => Promise<R>;
  /** A success flash (dismissed by itself); omit when the form reports success its own way. */
  savedMessage?: (result: R) => ReactNode;
  /** The flash's second line, if any. */
  savedContent?: (result: R) => ReactNode;
  onSaved: (result: R) => void | Promise<void>;
  /** Edit forms with a row_version: -201 shows the conflict alert, whose Reload runs this. */
  onReload?: () => Promise<void>;
  /** Refusals other than -4 whose message belongs under a field (code -> field), e.g. a duplicate name. */
  messageFields?: Readonly<Record<number, string>> | ((code: number) => string | undefined);
  /** Rules across fields the schema cannot state (e.g. the confirmation matches): field -> message, kept only for fields the schema passed. */
  crossCheck?: (body: B) => Record<string, string>;
  /** Codes besides -201 that the conflict alert shows (with `onReload`), e.g. -3: the record went meanwhile. */
  conflictCodes?: readonly number[];
  /** Extra handling of the server's field messages (-4), after they are shown under their fields. */
  onFieldErrors?: (fields: Record<string, string>) => void;
}

const noReload = async () => undefined;

/**
 * The submit block every create and edit form shares: values with inline validation by the shared
 * zod schema (messages after the first submit, then on every change), the call with `busy`, the
 * server's field messages (-4) under their fields, -201 to the conflict alert (with `onReload`),
 * focus on the first invalid field after a refused submit, and a success flash.
 *
 * Spread `formProps` on the `<form>`; read `errorOf(field)` for each FormField.
 */
export function useZodForm<V extends object, B, R>(options: ZodFormOptions<V, B, R>) {
  const { t } = useTranslation();
  const state = useFormState(options.initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string>();
  // A refusal's field gets the focus once the form is no longer busy (the submit button's loading
  // state ends after the answer, and would otherwise take the focus back).
  const focusWhenIdle = useRef(false);
  useEffect(() => {
    if (busy || !focusWhenIdle.current) return;
    focusWhenIdle.current = false;
    focusFirstInvalid(formRef.current);
  }, [busy]);
  const { reloading, reload } = useReload(async () => {
    await (options.onReload ?? noReload)();
    setConflict(undefined);
  });

  const body = options.toBody(state.values);
  const validate = (request: B): Record<string, string> => ({ ...options.crossCheck?.(request), ...fieldErrors(options.schema, request, t) });
  const fieldOf = (code: number): string | undefined =>
    typeof options.messageFields === 'function' ? options.messageFields(code) : options.messageFields?.[code];
  const localErrors = state.submitted ? validate(body) : {};
  const errorOf = (field: string): string | undefined => localErrors[field] ?? state.serverErrors[field];
  const changed = JSON.stringify(state.values) !== JSON.stringify(options.initial);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    state.setSubmitted(true);
    if (Object.keys(validate(body)).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setConflict(undefined);
    try {
      const result = await options.send(body);
      const message = options.savedMessage?.(result);
      const content = options.savedContent?.(result);
      if (message) notify({ id: newNotificationId('saved'), type: 'success', header: message, ...(content ? { content } : {}), dismissLabel: t('common.close') });
      await options.onSaved(result);
    } catch (error) {
      if (options.onReload && error instanceof ApiError && options.conflictCodes?.includes(error.code)) {
        setConflict(error.message);
        return;
      }
      const field = error instanceof ApiError && error.kind === 'api' ? fieldOf(error.code) : undefined;
      if (field && error instanceof ApiError) {
        state.setServerErrors({ [field]: error.message });
        focusWhenIdle.current = true;
        return;
      }
      handleSaveError(error, {
        ...(options.onReload ? { conflict: setConflict } : {}),
        fieldErrors: (fields) => {
          state.setServerErrors(fields);
          options.onFieldErrors?.(fields);
          focusWhenIdle.current = true;
        },
      });
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    state.setValues(options.initial);
    state.setServerErrors({});
    state.setSubmitted(false);
  };

  return {
    ...state,
    body,
    /** Local and server messages by field (local first). */
    errors: { ...state.serverErrors, ...localErrors },
    errorOf,
    changed,
    busy,
    conflict,
    reloading,
    reload,
    submit,
    reset,
    formProps: {
      ref: formRef,
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
    },
  };
}
