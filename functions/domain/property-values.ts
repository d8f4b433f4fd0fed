import { InputError } from '#lib/errors.ts';
import type { MessageKey, MessageParams } from '#shared/messages.ts';
import { calendarDate } from '#shared/schemas/bookkeeping-fields.ts';
import type { PropertyCondition, PropertyItem, PropertyValue } from '#shared/schemas/property-items.ts';
import { linkOf, valueIds } from '#data/property-items.ts';

export interface CheckedValues {
  properties: Record<string, PropertyValue>;
  /** `<item no>#<value id>` of each fixed value and dropdown leaf (functions/data/property-items.ts). */
  links: string[];
}

const digitsOf = (value: number): number => String(Math.abs(value)).replace('.', '').replace(/^0+(?=\d)/, '').length;

/**
 * A file's property values checked against the definitions (docs/property-items.md): only items in
 * use; text within its characters, a number within its digits, a calendar date, a fixed value's
 * id, a dropdown's path of ids through every layer; the required items filled. `kept`: values of
 * items not in use (or deleted) that the file already holds stay as they are. Throws -4 with one
 * message per field (`properties.<no>`).
 */
export function checkPropertyValues(definitions: readonly PropertyItem[], sent: Record<string, PropertyValue | null>, kept: Record<string, PropertyValue> = {}): CheckedValues {
  const inUse = new Map(definitions.filter((item) => item.used === 1).map((item) => [String(item.item_no), item]));
  const fields: Record<string, MessageKey> = {};
  const params: Record<string, MessageParams> = {};
  const properties: Record<string, PropertyValue> = {};
  const links: string[] = [];
  for (const [no, value] of Object.entries(kept)) if (!inUse.has(no)) properties[no] = value;
  for (const no of Object.keys(sent)) if (!inUse.has(no)) fields[`properties.${no}`] = 'validation.invalidValue';
  const fail = (no: string, key: MessageKey, param?: MessageParams) => {
    fields[`properties.${no}`] = key;
    if (param) params[`properties.${no}`] = param;
  };
  for (const [no, item] of inUse) {
    const raw = no in sent ? sent[no] : kept[no];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (item.required === 1) fail(no, 'validation.required');
      continue;
    }
    switch (item.type) {
      case 'text':
        if (typeof value !== 'string') fail(no, 'validation.invalidValue');
        else if ([...value].length > (item.length ?? 0)) fail(no, 'validation.tooLong', { max: item.length ?? 0 });
        else properties[no] = value;
        break;
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value) || /e/i.test(String(value))) fail(no, 'validation.invalidValue');
        else if (digitsOf(value) > (item.length ?? 0)) fail(no, 'validation.propertyTooManyDigits', { max: item.length ?? 0 });
        else properties[no] = value;
        break;
      case 'date':
        if (typeof value !== 'string' || !calendarDate.safeParse(value).success) fail(no, 'validation.invalidValue');
        else properties[no] = value;
        break;
      case 'fixed':
        if (typeof value !== 'string' || !(item.values ?? []).some((option) => option.id === value)) fail(no, 'validation.invalidValue');
        else {
          properties[no] = value;
          links.push(linkOf(no, value));
        }
        break;
      case 'dropdown': {
        let level = item.options ?? [];
        const path = Array.isArray(value) ? value : [];
        let found = path.length === item.layers;
        for (const id of path) {
          const node = found ? level.find((option) => option.id === id) : undefined;
          if (!node) {
            found = false;
            break;
          }
          level = node.children ?? [];
        }
        if (!found) fail(no, 'validation.invalidValue');
        else {
          properties[no] = path;
          links.push(linkOf(no, path[path.length - 1]!));
        }
        break;
      }
    }
  }
  if (Object.keys(fields).length) throw new InputError(fields, params);
  return { properties, links };
}

/** A property condition of the search, checked against its item: what the search matcher compares. */
export type PropertyMatch =
  | { no: string; kind: 'text'; text: string }
  | { no: string; kind: 'range'; from?: string | number | undefined; to?: string | number | undefined }
  | { no: string; kind: 'value'; valueId: string };

/**
 * The drive search's property conditions checked against the definitions (every defined item,
 * in use or not: files keep the values of an item taken out of use). Each condition must fit its
 * item's type: `text` for text, a `from` / `to` number or date for number and date (not reversed),
 * `value_id` one of a fixed or dropdown item's values; one condition per item. Throws -4 with the
 * message on `properties.<index>`.
 */
export function checkPropertyConditions(definitions: readonly PropertyItem[], conditions: readonly PropertyCondition[]): PropertyMatch[] {
  const byNo = new Map(definitions.map((item) => [item.item_no, item]));
  const fields: Record<string, MessageKey> = {};
  const matches: PropertyMatch[] = [];
  const seen = new Set<number>();
  conditions.forEach((condition, index) => {
    const item = byNo.get(condition.item_no);
    const no = String(condition.item_no);
    const given = (['text', 'from', 'to', 'value_id'] as const).filter((key) => condition[key] !== undefined);
    const fail = (key: MessageKey) => { fields[`properties.${index}`] = key; };
    if (!item || seen.has(condition.item_no) || given.length === 0) return fail('validation.invalidValue');
    seen.add(condition.item_no);
    switch (item.type) {
      case 'text':
        if (given.some((key) => key !== 'text')) return fail('validation.invalidValue');
        return void matches.push({ no, kind: 'text', text: condition.text! });
      case 'number':
      case 'date': {
        const fits = (value: unknown) => value === undefined || (item.type === 'number' ? typeof value === 'number' : typeof value === 'string');
        if (given.some((key) => key !== 'from' && key !== 'to') || !fits(condition.from) || !fits(condition.to)) return fail('validation.invalidValue');
        if (condition.from !== undefined && condition.to !== undefined && condition.to < condition.from) {
          return fail(item.type === 'date' ? 'validation.dateRangeReversed' : 'validation.amountRangeReversed');
        }
        return void matches.push({ no, kind: 'range', from: condition.from, to: condition.to });
      }
      case 'fixed':
      case 'dropdown':
        if (given.some((key) => key !== 'value_id') || !valueIds(item).includes(condition.value_id!)) return fail('validation.invalidValue');
        return void matches.push({ no, kind: 'value', valueId: condition.value_id! });
    }
  });
  if (Object.keys(fields).length) throw new InputError(fields);
  return matches;
}

/** Whether a file's stored value meets a checked condition (text by search form, so width and case do not count). */
export function meetsPropertyCondition(values: Record<string, PropertyValue> | undefined, match: PropertyMatch, searchForm: (text: string) => string): boolean {
  const value = values?.[match.no];
  if (value === undefined) return false;
  switch (match.kind) {
    case 'text':
      return typeof value === 'string' && searchForm(value).includes(searchForm(match.text));
    case 'range':
      return !Array.isArray(value) && typeof value === typeof (match.from ?? match.to)
        && (match.from === undefined || value >= match.from) && (match.to === undefined || value <= match.to);
    case 'value':
      return Array.isArray(value) ? value.includes(match.valueId) : value === match.valueId;
  }
}
