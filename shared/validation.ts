import * as z from 'zod/mini';
import { ITEM_ID_PATTERN, pageSizes } from './constants.ts';
import type { MessageKey } from './messages.ts';

export { DEFAULT_PAGE_SIZE, pageSizes } from './constants.ts';

/**
 * Field rules of SPEC.md §5 as zod building blocks. Issue messages are catalogue keys; the server
 * and the web translate them, so each rule is written once for both.
 */
const message = (key: MessageKey) => ({ error: key });

/**
 * True when a string holds something visible: not only whitespace (full-width U+3000 counts as
 * space) and characters that show nothing (Default_Ignorable_Code_Point: U+200B, U+00AD, ...).
 */
export const hasContent = (value: string): boolean => /[^\s\p{Default_Ignorable_Code_Point}]/u.test(value);

/** A required text: absent, empty and whitespace-only values answer "This field is required". */
export const requiredText = (max: number, requiredKey: MessageKey = 'validation.required') =>
  z.string(message(requiredKey)).check(z.refine(hasContent, message(requiredKey)), z.maxLength(max, message('validation.tooLong')));

/** Trimmed (surrounding spaces, full-width too), then required and at most `max` characters. */
const trimmed = (max: number) =>
  z.string(message('validation.required')).check(z.trim(), z.minLength(1, message('validation.required')), z.maxLength(max, message('validation.tooLong')));

/**
 * A required text stored trimmed: surrounding spaces (full-width too) go first, then it must hold
 * something visible (`hasContent`) and at most `max` characters. Add checks with `.check(...)`;
 * they see the trimmed value.
 */
export const trimmedText = (max: number) => trimmed(max).check(z.refine(hasContent, message('validation.required')));

/** Characters no file or folder name may hold, on any platform users download to. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const forbiddenNameCharacters = /[\\/:*?"<>|\u0000-\u001f\u007f]/;
/** C1 controls: no platform shows them. */
const c1Controls = /[\u0080-\u009f]/;
/**
 * Characters that show nothing (Default_Ignorable_Code_Point): `a<U+200B>b` looks like `ab`, and
 * the bidirectional controls among them make a name read differently from what it is
 * (`inv<U+202E>fdp.exe` shows as `invexe.pdf`).
 */
const ignorable = /\p{Default_Ignorable_Code_Point}/u;
const ignorables = /\p{Default_Ignorable_Code_Point}/gu;
/**
 * The ignorables that belong to the character before them, so names need them: a variation
 * selector after an emoji or an ideograph (❤️, 神︀), U+FE0F of a keycap (1️⃣), an ideographic
 * variation selector after an ideograph (the registered forms of 辻󠄀 or 葛󠄀), a zero-width joiner
 * between two emoji (👨‍👩‍👧, 🏳️‍🌈). Each must follow its character directly: a second selector
 * in a row belongs to nothing.
 */
const ignorablesThatBelong =
  /(?<=[\p{Extended_Pictographic}\p{Ideographic}])[\ufe00-\ufe0f]|(?<=[0-9#*])\ufe0f(?=\u20e3)|(?<=\p{Ideographic})[\u{e0100}-\u{e01ef}]|(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}]\ufe0f?)\u200d(?=\p{Extended_Pictographic})/gu;
/** True when a name holds an ignorable character that does not belong to the one before it. */
const strayIgnorable = (name: string): boolean => ignorable.test(name.replace(ignorablesThatBelong, ''));

/**
 * A name as compared for duplicates: without the characters that show nothing, so `辻󠄀` and `辻`,
 * `❤️` and `❤` are one name (names keep only the ignorables that belong to a character).
 */
export const withoutIgnorables = (name: string): string => name.replace(ignorables, '');
/** Names Windows reserves for devices, with or without an extension. */
const windowsReservedName = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/** A lone UTF-16 surrogate: text that cannot be stored, mailed or sent on as UTF-8. */
const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isWellFormedText = (value: string): boolean => !unpairedSurrogate.test(value);

/**
 * The one rule for every string that reaches the server (the handler kit applies it to each
 * request body, keys and values, before the route's schema): the path of the first string that is
 * not well-formed Unicode, or undefined. It walks with a stack of its own: no depth of nesting
 * exhausts the call stack.
 */
export function illFormedTextPath(value: unknown): string | undefined {
  interface Step { value: unknown; key?: string; parent?: Step }
  const pathOf = (step: Step | undefined): string => {
    const keys: string[] = [];
    for (let at = step; at?.key !== undefined; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.') || 'body';
  };
  const pending: Step[] = [{ value }];
  for (let step = pending.pop(); step; step = pending.pop()) {
    // A broken key is named by the object that holds it.
    if (step.key !== undefined && !isWellFormedText(step.key)) return pathOf(step.parent);
    const current = step.value;
    if (typeof current === 'string') {
      if (!isWellFormedText(current)) return pathOf(step);
    } else if (current && typeof current === 'object') {
      const entries = Array.isArray(current) ? current.map((item, index) => [String(index), item] as const) : Object.entries(current);
      // Last first, so the first entry is walked first and the first broken string is the one named.
      for (let index = entries.length - 1; index >= 0; index--) pending.push({ value: entries[index]![1], key: entries[index]![0], parent: step });
    }
  }
  return undefined;
}

/** The deepest nesting of arrays and objects a request body may have: real requests use a few levels. */
export const MAX_BODY_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]);
const CLOSE = new Set([0x5d, 0x7d]);

/**
 * True when JSON text nests arrays and objects deeper than `max`. Read before the text is parsed,
 * one character at a time (no recursion, nothing built), and stops at the first level too deep: a
 * body of 20,000 brackets is refused for the cost of reading 65 characters.
 */
export function nestsDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const char = json.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (OPEN.has(char)) {
      if (++depth > max) return true;
    } else if (CLOSE.has(char)) depth--;
  }
  return false;
}

export const ITEM_NAME_MAX = 221;

/**
 * A file or folder name: trimmed first (full-width spaces too), then required, at most 221
 * characters and portable to Windows and macOS, so the stored name is the checked one.
 */
export const itemName = trimmed(ITEM_NAME_MAX).check(
  z.refine((name) => !forbiddenNameCharacters.test(name) && !/[. ]$/.test(name) && name !== '.' && name !== '..', message('validation.invalidName')),
  z.refine((name) => !c1Controls.test(name) && !strayIgnorable(name), message('validation.nameInvisibleCharacters')),
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
