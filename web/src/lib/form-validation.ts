import type { TFunction } from 'i18next';
import type * as z from 'zod/mini';
import type { MessageKey } from '@shared/messages.ts';

/**
 * Inline validation with the shared zod schemas: their issue messages are catalogue keys
 * (`validation.required`, ...) translated here, one message per top-level field.
 */
export function fieldErrors(schema: z.ZodMiniType, value: unknown, t: TFunction): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (errors[field]) continue;
    const key = /^(validation|code|notice)\.\w+$/.test(issue.message) ? (issue.message as MessageKey) : 'validation.invalidValue';
    // A custom rule names its message's values in `params` (e.g. the bad entries of an IP list).
    const params = issue.code === 'custom' && issue.params ? issue.params : {};
    const max = issue.code === 'too_big' ? Number(issue.maximum) : undefined;
    errors[field] = t(key, max === undefined ? params : { ...params, max });
  }
  return errors;
}
