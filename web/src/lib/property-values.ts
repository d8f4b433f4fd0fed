import type { TFunction } from 'i18next';
import type { PropertyValue } from '@shared/schemas/property-items.ts';
import type { PropertyItem } from '@/lib/property-items-api.ts';

/** What the form holds per item number: text as typed, a fixed value's id, a dropdown's ids so far. */
export type PropertyDraft = Record<string, string | string[]>;

export const itemsInUse = (items: readonly PropertyItem[] | undefined): PropertyItem[] => (items ?? []).filter((item) => item.used === 1);

/** The draft of a file's stored values. */
export function draftOf(values: Record<string, PropertyValue> | undefined): PropertyDraft {
  return Object.fromEntries(Object.entries(values ?? {}).map(([no, value]) => [no, Array.isArray(value) ? [...value] : String(value)]));
}

const isEmpty = (value: string | string[] | undefined): boolean => value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '');
const numberOf = (typed: string): number => {
  const normal = typed.normalize('NFKC').replace(/[,\s]/g, '');
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
};

/** The values to send: the items in use that are filled (a number as its number, a dropdown's path). */
export function toPropertyValues(items: readonly PropertyItem[], draft: PropertyDraft): Record<string, PropertyValue> {
  const values: Record<string, PropertyValue> = {};
  for (const item of itemsInUse(items)) {
    const no = String(item.item_no);
    const value = draft[no];
    if (value === undefined || isEmpty(value)) continue;
    if (Array.isArray(value)) values[no] = value;
    else values[no] = item.type === 'number' ? numberOf(value) : value.trim();
  }
  return values;
}

/** The details update: every item in use, an emptied one as null. */
export function toPropertyUpdate(items: readonly PropertyItem[], draft: PropertyDraft): Record<string, PropertyValue | null> {
  const filled = toPropertyValues(items, draft);
  return Object.fromEntries(itemsInUse(items).map((item) => [String(item.item_no), filled[String(item.item_no)] ?? null]));
}

/** The browser's checks (the server checks the same): required, characters, digits, a number, a whole dropdown path. */
export function propertyErrors(items: readonly PropertyItem[], draft: PropertyDraft, t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of itemsInUse(items)) {
    const no = String(item.item_no);
    const field = `properties.${no}`;
    const value = draft[no];
    if (isEmpty(value)) {
      if (item.required === 1) errors[field] = t('validation.required');
      continue;
    }
    if (item.type === 'text' && typeof value === 'string' && [...value.trim()].length > (item.length ?? 0)) errors[field] = t('validation.tooLong', { max: item.length });
    if (item.type === 'number' && typeof value === 'string') {
      const number = numberOf(value);
      if (Number.isNaN(number)) errors[field] = t('validation.invalidValue');
      else if (String(Math.abs(number)).replace('.', '').length > (item.length ?? 0)) errors[field] = t('validation.propertyTooManyDigits', { max: item.length });
    }
    if (item.type === 'dropdown' && Array.isArray(value) && value.length !== item.layers) errors[field] = t('validation.required');
  }
  return errors;
}

/** A file's value as shown: the text, the number with its unit, a fixed value's name, a dropdown's names joined. */
export function displayValue(item: PropertyItem, value: PropertyValue | undefined): string {
  if (value === undefined) return '-';
  if (item.type === 'fixed') return item.values?.find((option) => option.id === value)?.name ?? '-';
  if (item.type === 'dropdown' && Array.isArray(value)) {
    const names: string[] = [];
    let level = item.options ?? [];
    for (const id of value) {
      const node = level.find((option) => option.id === id);
      if (!node) return '-';
      names.push(node.name);
      level = (node as { children?: typeof level }).children ?? [];
    }
    return names.join(' / ');
  }
  return `${String(value)}${item.unit ? ` ${item.unit}` : ''}`;
}
