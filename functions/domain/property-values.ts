import { InputError } from '#lib/errors.ts';
import type { MessageKey, MessageParams } from '#shared/messages.ts';
import { calendarDate } from '#shared/schemas/bookkeeping-fields.ts';
import type { PropertyItem, PropertyValue } from '#shared/schemas/property-items.ts';
import { linkOf } from '#data/property-items.ts';

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
