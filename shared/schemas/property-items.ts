import * as z from 'zod/mini';
import { flag, intRange, trimmedText } from '../validation.ts';
import { calendarDate } from './bookkeeping-fields.ts';

/**
 * Property items (SPEC.md §3 "Property item", §5, §9; docs/property-items.md): numbered fields an
 * administrator defines for the drive's files, shown on detailed registration and the file's
 * details. Every fixed value and dropdown value has a stable id: renaming keeps the files linked,
 * removing is an id that disappears (refused while files are linked to it).
 */
export const PROPERTY_ITEMS_MAX = 20;
export const PROPERTY_NAME_MAX = 40;
/** SPEC.md §5: fixed value 40, dropdown value 40. */
export const PROPERTY_VALUE_MAX = 40;
export const PROPERTY_UNIT_MAX = 20;
export const PROPERTY_TEXT_MAX = 300;
export const PROPERTY_DIGITS_MAX = 15;
/** Values of one item (fixed values, or dropdown values of every layer together): each save checks them in one condition. */
export const PROPERTY_VALUES_MAX = 150;

export const propertyTypes = ['text', 'number', 'date', 'fixed', 'dropdown'] as const;
export type PropertyType = (typeof propertyTypes)[number];

/** A value id: made by the server when a value is added (the client sends none for a new value). */
export const propertyValueId = z.string('validation.invalidValue').check(z.regex(/^[a-z0-9]{1,16}$/, 'validation.invalidValue'));

const valueName = trimmedText(PROPERTY_VALUE_MAX);

export interface PropertyNodeInput { id?: string | undefined; name: string; children?: PropertyNodeInput[] | undefined }
export interface PropertyNode { id: string; name: string; children?: PropertyNode[] }

const layer3 = z.strictObject({ id: z.optional(propertyValueId), name: valueName });
const layer2 = z.strictObject({ id: z.optional(propertyValueId), name: valueName, children: z.optional(z.array(layer3)) });
const layer1 = z.strictObject({ id: z.optional(propertyValueId), name: valueName, children: z.optional(z.array(layer2)) });

const itemFields = {
  name: trimmedText(PROPERTY_NAME_MAX),
  required: flag,
  used: flag,
  type: z.enum(propertyTypes, 'validation.invalidValue'),
  /** text: most characters; number: most digits. */
  length: z.optional(intRange(1, PROPERTY_TEXT_MAX)),
  unit: z.optional(trimmedText(PROPERTY_UNIT_MAX)),
  /** fixed: the values a file chooses from. */
  values: z.optional(z.array(z.strictObject({ id: z.optional(propertyValueId), name: valueName }))),
  /** dropdown: 2 or 3 layers (SPEC.md §9). */
  layers: z.optional(z.union([z.literal(2), z.literal(3)], 'validation.invalidValue')),
  /** dropdown: the first layer's values, each with its next layer's values under it. */
  options: z.optional(z.array(layer1)),
};

/** Every node of a value tree with its depth (1 = first layer) and its path of ids / positions. */
export function walkNodes<T extends { children?: T[] | undefined }>(nodes: readonly T[], visit: (node: T, depth: number, path: number[]) => void, depth = 1, path: number[] = []): void {
  nodes.forEach((node, index) => {
    visit(node, depth, [...path, index]);
    if (node.children) walkNodes(node.children, visit, depth + 1, [...path, index]);
  });
}

/** The form values compare in: NFKC (full-width letters and digits as half-width), trimmed, lower-case. */
export const propertyNameKey = (name: string): string => name.normalize('NFKC').trim().toLowerCase();

type ItemShape = { type: PropertyType; length?: number | undefined; layers?: 2 | 3 | undefined; values?: { name: string }[] | undefined; options?: PropertyNodeInput[] | undefined };

/**
 * The structure an item's type asks for, as [path, message key] problems: a length for text and
 * number, at least one fixed value, at least one first-layer value, every layer down to the last
 * filled (SPEC.md §5 "all dropdown layer values" required) and no layer below it.
 */
export function structureProblems(item: ItemShape): [(string | number)[], 'validation.required' | 'validation.invalidValue' | 'validation.propertyLayerTooDeep' | 'validation.propertyLayerMissing' | 'validation.propertyTooManyValues'][] {
  const problems: ReturnType<typeof structureProblems> = [];
  if (item.type === 'text' || item.type === 'number') {
    if (item.length === undefined) problems.push([['length'], 'validation.required']);
    else if (item.type === 'number' && item.length > PROPERTY_DIGITS_MAX) problems.push([['length'], 'validation.invalidValue']);
  }
  if (item.type === 'fixed') {
    if (!item.values?.length) problems.push([['values'], 'validation.required']);
    else if (item.values.length > PROPERTY_VALUES_MAX) problems.push([['values'], 'validation.propertyTooManyValues']);
  }
  if (item.type === 'dropdown') {
    if (item.layers === undefined) problems.push([['layers'], 'validation.required']);
    if (!item.options?.length) problems.push([['options'], 'validation.required']);
    let count = 0;
    const layers = item.layers ?? 3;
    walkNodes(item.options ?? [], (node, depth, path) => {
      count++;
      const at = ['options', ...path.flatMap((index, position) => (position === 0 ? [index] : ['children', index]))];
      if (depth > layers) problems.push([at, 'validation.propertyLayerTooDeep']);
      else if (depth < layers && !node.children?.length) problems.push([at, 'validation.propertyLayerMissing']);
    });
    if (count > PROPERTY_VALUES_MAX) problems.push([['options'], 'validation.propertyTooManyValues']);
  }
  return problems;
}

/**
 * `com/property_item_save_btn`: without `item_no` a new item; with it (and the `row_version`
 * read) a change of that item. Fixed and dropdown values keep their `id`; a value sent without one
 * is new. Duplicates (names, fixed values, dropdown values under one parent) are the server's codes.
 */
export const propertyItemSaveRequest = z.strictObject({
  item_no: z.optional(intRange(1, 9999)),
  row_version: z.optional(intRange(1, Number.MAX_SAFE_INTEGER)),
  ...itemFields,
}).check(z.superRefine((item, context) => {
  if (item.item_no !== undefined && item.row_version === undefined) context.issues.push({ code: 'custom', path: ['row_version'], message: 'validation.required', input: item });
  for (const [path, message] of structureProblems(item)) context.issues.push({ code: 'custom', path, message, input: item });
}));
export type PropertyItemSaveRequest = z.input<typeof propertyItemSaveRequest>;

const storedNode3 = z.object({ id: z.string(), name: z.string() });
const storedNode2 = z.object({ id: z.string(), name: z.string(), children: z.optional(z.array(storedNode3)) });
const storedNode1 = z.object({ id: z.string(), name: z.string(), children: z.optional(z.array(storedNode2)) });

export const propertyItem = z.object({
  item_no: z.number(),
  name: z.string(),
  required: z.number(),
  used: z.number(),
  type: z.enum(propertyTypes),
  length: z.optional(z.number()),
  unit: z.optional(z.string()),
  values: z.optional(z.array(z.object({ id: z.string(), name: z.string() }))),
  layers: z.optional(z.number()),
  options: z.optional(z.array(storedNode1)),
  row_version: z.number(),
  update_date: z.string(),
  update_user_nm: z.string(),
});
export type PropertyItem = z.infer<typeof propertyItem>;

export const propertyItemListRequest = z.strictObject({});
export const propertyItemListResponse = z.object({ items: z.array(propertyItem) });
export type PropertyItemListResponse = z.infer<typeof propertyItemListResponse>;
export const propertyItemSaveResponse = z.object({ item: propertyItem });

export const propertyItemDeleteRequest = z.strictObject({ item_no: intRange(1, 9999), row_version: intRange(1, Number.MAX_SAFE_INTEGER) });
export const propertyItemDeleteResponse = z.object({});

/**
 * A file's value of one item: text (string), number, date (`YYYY-MM-DD`), a fixed value's id, or
 * a dropdown's path of ids from the first layer to the last. Checked against the definitions on
 * the server (functions/domain/property-values.ts).
 */
export const propertyValue = z.union([
  z.string('validation.invalidValue').check(z.maxLength(PROPERTY_TEXT_MAX + 20, 'validation.invalidValue')),
  z.number('validation.invalidValue'),
  z.array(propertyValueId).check(z.maxLength(3, 'validation.invalidValue')),
], 'validation.invalidValue');
export type PropertyValue = z.infer<typeof propertyValue>;

/** A file's property values by item number ("3": ...); `null` (an update only) clears one. */
export const propertyValues = z.record(z.string().check(z.regex(/^\d{1,4}$/, 'validation.invalidValue')), propertyValue).check(
  z.refine((values) => Object.keys(values).length <= PROPERTY_ITEMS_MAX, 'validation.invalidValue'),
);
export const propertyValuesUpdate = z.record(z.string().check(z.regex(/^\d{1,4}$/, 'validation.invalidValue')), z.nullable(propertyValue)).check(
  z.refine((values) => Object.keys(values).length <= PROPERTY_ITEMS_MAX, 'validation.invalidValue'),
);
export type PropertyValues = z.infer<typeof propertyValues>;

/**
 * A drive-search condition on one property item (`com_drive/search` `properties`), by the item's
 * type: `text` part of a text value (case- and width-insensitive); `from` / `to` a number or date
 * range (inclusive, either end open); `value_id` a fixed value, or a dropdown value of any layer
 * (the files whose path passes through it). Checked against the definitions on the server
 * (functions/domain/property-values.ts `checkPropertyConditions`).
 */
export const propertyCondition = z.strictObject({
  item_no: intRange(1, 9999),
  text: z.optional(trimmedText(PROPERTY_TEXT_MAX)),
  from: z.optional(z.union([z.number('validation.invalidValue').check(z.refine(Number.isFinite, 'validation.invalidValue')), calendarDate], 'validation.invalidValue')),
  to: z.optional(z.union([z.number('validation.invalidValue').check(z.refine(Number.isFinite, 'validation.invalidValue')), calendarDate], 'validation.invalidValue')),
  value_id: z.optional(propertyValueId),
});
export type PropertyCondition = z.infer<typeof propertyCondition>;

/**
 * The first duplicate of an item's values, if any (SPEC.md §5): a fixed value entered twice, or a
 * dropdown value entered twice under one parent (names compare by `propertyNameKey`). The server
 * answers its code; the form shows it on the field.
 */
export function duplicateValue(item: { type: PropertyType; values?: { name: string }[] | undefined; options?: PropertyNodeInput[] | undefined }): { code: 'propertyFixedValueDuplicate' | 'propertyDropdownValueDuplicate'; path: (string | number)[] } | undefined {
  const firstRepeat = (names: string[]): number => {
    const seen = new Set<string>();
    return names.findIndex((name) => {
      const key = propertyNameKey(name);
      if (seen.has(key)) return true;
      seen.add(key);
      return false;
    });
  };
  if (item.type === 'fixed') {
    const index = firstRepeat((item.values ?? []).map((value) => value.name));
    return index < 0 ? undefined : { code: 'propertyFixedValueDuplicate', path: ['values', index, 'name'] };
  }
  if (item.type !== 'dropdown') return undefined;
  const search = (nodes: readonly PropertyNodeInput[], path: (string | number)[]): (string | number)[] | undefined => {
    const index = firstRepeat(nodes.map((node) => node.name));
    if (index >= 0) return [...path, index, 'name'];
    for (const [position, node] of nodes.entries()) {
      const found = node.children ? search(node.children, [...path, position, 'children']) : undefined;
      if (found) return found;
    }
    return undefined;
  };
  const path = search(item.options ?? [], ['options']);
  return path ? { code: 'propertyDropdownValueDuplicate', path } : undefined;
}
