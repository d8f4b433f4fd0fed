import * as z from 'zod/mini';
import { ITEM_ID_PATTERN, pageSizes } from './constants.ts';
import type { MessageKey } from './messages.ts';

export { DEFAULT_PAGE_SIZE, pageSizes } from './constants.ts';

/**
 * Field rules of SPEC.md §5 as zod building blocks. Issue messages are catalogue keys; the server
 * and the web translate them, so each rule is written once for both.
 */
const message = (key: MessageKey) => ({ error: key });

/** True when a string holds something other than whitespace (full-width U+3000 counts as space). */
export const hasContent = (value: string): boolean => value.trim().length > 0;

/** A required text: absent, empty and whitespace-only values answer "This field is required". */
export const requiredText = (max: number, requiredKey: MessageKey = 'validation.required') =>
  z.string(message(requiredKey)).check(z.refine(hasContent, message(requiredKey)), z.maxLength(max, message('validation.tooLong')));

/**
 * A required text stored trimmed: surrounding spaces (full-width too) go first, then it must hold
 * something and at most `max` characters. Add checks with `.check(...)`; they see the trimmed value.
 */
export const trimmedText = (max: number) =>
  z.string(message('validation.required')).check(z.trim(), z.minLength(1, message('validation.required')), z.maxLength(max, message('validation.tooLong')));

/** Characters no file or folder name may hold, on any platform users download to. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const forbiddenNameCharacters = /[\\/:*?"<>|\u0000-\u001f\u007f]/;
/**
 * C1 controls and the bidirectional controls that make a name read differently from what it is
 * (`inv<U+202E>fdp.exe` shows as `invexe.pdf`).
 */
const controlOrDirectionCharacters = /[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Characters that show nothing: a name made of these (and spaces) only looks empty. */
const invisibleOnly = /^[\s\u200b-\u200d\u2060\ufeff\u180e\u3164\uffa0]*$/;
/** Names Windows reserves for devices, with or without an extension. */
const windowsReservedName = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/** A lone UTF-16 surrogate: text that cannot be stored, mailed or sent on as UTF-8. */
const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isWellFormedText = (value: string): boolean => !unpairedSurrogate.test(value);

/**
 * The one rule for every string that reaches the server (the handler kit applies it to each
 * request body, keys and values, before the route's schema): the path of the first string that is
 * not well-formed Unicode, or undefined.
 */
export function illFormedTextPath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return isWellFormedText(value) ? undefined : path.join('.') || 'body';
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = illFormedTextPath(item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isWellFormedText(key)) return path.join('.') || 'body';
      const found = illFormedTextPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

export const ITEM_NAME_MAX = 221;

/**
 * A file or folder name: trimmed first (full-width spaces too), then required, at most 221
 * characters and portable to Windows and macOS, so the stored name is the checked one.
 */
export const itemName = trimmedText(ITEM_NAME_MAX).check(
  z.refine((name) => !forbiddenNameCharacters.test(name) && !/[. ]$/.test(name) && name !== '.' && name !== '..', message('validation.invalidName')),
  z.refine((name) => !controlOrDirectionCharacters.test(name) && !invisibleOnly.test(name), message('validation.nameInvisibleCharacters')),
  z.refine((name) => !windowsReservedName.test(name), message('validation.reservedName')),
);

/**
 * The fields of an update call: each keeps its rule but loses its default, so a field the client
 * does not send is absent (and keeps its stored value) instead of silently taking the default.
 * Registration schemas keep the defaults.
 */
export function updateFields<T extends Record<string, z.ZodMiniType>>(fields: T): { [K in keyof T]: T[K] extends z.ZodMiniDefault<infer Inner> ? z.ZodMiniOptional<Inner> : T[K] } {
  return Object.fromEntries(Object.entries(fields).map(([name, rule]) => [name, rule instanceof z.ZodMiniDefault ? z.optional(rule.def.innerType) : rule])) as never;
}

/** A whole number from min to max: anything else is "The value is not valid." */
export const intRange = (min: number, max: number) =>
  z.number(message('validation.invalidValue')).check(z.int(message('validation.invalidValue')), z.gte(min, message('validation.invalidValue')), z.lte(max, message('validation.invalidValue')));

export const flag = z.union([z.literal(0), z.literal(1)], message('validation.invalidValue'));

/** Sort flag of SPEC.md §4: 1 ascending, 2 descending. */
export const sortFlag = z.union([z.literal(1), z.literal(2)], message('validation.invalidValue'));

/** Page sizes of SPEC.md §9 (the values are in constants.ts). */
export const pageSize = z.union(
  pageSizes.map((size) => z.literal(size)) as [z.ZodMiniLiteral<50>, z.ZodMiniLiteral<100>, z.ZodMiniLiteral<1000>],
  message('validation.invalidValue'),
);

/** An opaque id generated by the server (UUID), or the drive's root folder. */
export const itemId = z.string(message('validation.required')).check(z.regex(ITEM_ID_PATTERN, message('validation.invalidValue')));

/** An opaque paging cursor handed out by a previous page. */
export const cursor = z.string().check(z.maxLength(2048, message('validation.invalidValue')), z.regex(/^[A-Za-z0-9_-]*$/, message('validation.invalidValue')));
