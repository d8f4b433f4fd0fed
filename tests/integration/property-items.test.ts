import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteRequest } from '#shared/routes.ts';
import type { PropertyItem } from '#shared/schemas/property-items.ts';
import { aUser } from './support/factories.ts';
import { auditOfTarget } from './support/audit.ts';
import { call } from './support/api.ts';
import { aFile, fresh, trash } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

type SaveBody = RouteRequest<'com/property_item_save_btn'>;

const listOf = async (token: string): Promise<PropertyItem[]> => {
  const result = await call('com/property_item', {}, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.items;
};

const save = async (token: string, body: SaveBody): Promise<PropertyItem> => {
  const result = await call('com/property_item_save_btn', body, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.item;
};

const region: SaveBody = {
  name: 'Region', required: 0, used: 1, type: 'dropdown', layers: 3,
  options: [
    { name: 'Japan', children: [{ name: 'Kanto', children: [{ name: 'Tokyo' }, { name: 'Chiba' }] }, { name: 'Kansai', children: [{ name: 'Osaka' }] }] },
    { name: 'France', children: [{ name: 'Ile-de-France', children: [{ name: 'Paris' }] }] },
  ],
};

describe('property items (property_item, _save_btn, _del_btn)', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('numbers new items, stores every type with an id per value, and audits each save', async () => {
    const text = await save(t.token, { name: 'Project code', required: 1, used: 1, type: 'text', length: 10, unit: 'code' });
    const number = await save(t.token, { name: 'Weight', required: 0, used: 1, type: 'number', length: 5, unit: 'kg' });
    const date = await save(t.token, { name: 'Due date', required: 0, used: 0, type: 'date' });
    const fixed = await save(t.token, { name: 'Category', required: 0, used: 1, type: 'fixed', values: [{ name: 'Contract' }, { name: 'Invoice' }] });
    const dropdown = await save(t.token, region);
    expect([text, number, date, fixed, dropdown].map((item) => item.item_no)).toEqual([1, 2, 3, 4, 5]);
    expect(text).toMatchObject({ name: 'Project code', required: 1, used: 1, type: 'text', length: 10, unit: 'code', row_version: 1, update_user_nm: expect.any(String) });
    expect(fixed.values!.map((value) => value.name)).toEqual(['Contract', 'Invoice']);
    expect(new Set(fixed.values!.map((value) => value.id)).size).toBe(2);
    expect(dropdown.options![0]!.children![0]!.children!.map((node) => node.name)).toEqual(['Tokyo', 'Chiba']);
    expect(await listOf(t.token)).toEqual([text, number, date, fixed, dropdown]);
    const [audit] = await auditOfTarget(t.kykId, 'property_item', '4');
    expect(audit).toMatchObject({ action: 'property_item.create', user_id: 'admin', before: null, after: { name: 'Category', item_no: 4 } });
  });

  it('renames values without losing their ids, and answers -201 to a save over an older version', async () => {
    const fixed = (await listOf(t.token)).find((item) => item.name === 'Category')!;
    const renamed = await save(t.token, { ...fixed, values: [{ id: fixed.values![0]!.id, name: 'Contracts' }, fixed.values![1]!], update_date: undefined, update_user_nm: undefined } as never);
    expect(renamed.values![0]).toEqual({ id: fixed.values![0]!.id, name: 'Contracts' });
    expect(renamed.row_version).toBe(2);
    const stale = await call('com/property_item_save_btn', { item_no: fixed.item_no, row_version: 1, name: 'Category', required: 0, used: 1, type: 'fixed', values: fixed.values }, t.token);
    expect(stale.body.code).toBe(-201);
    expect((await listOf(t.token)).find((item) => item.item_no === fixed.item_no)).toEqual(renamed);
    const audit = (await auditOfTarget(t.kykId, 'property_item', String(fixed.item_no))).find((record) => record.action === 'property_item.update');
    expect(audit).toMatchObject({ action: 'property_item.update', before: { row_version: 1 }, after: { row_version: 2 } });
  });

  it('refuses duplicates, a third layer under a two-layer item and a missing layer, each with its code and message, and changes nothing', async () => {
    const before = await listOf(t.token);
    const cases: [SaveBody, number, string, Record<string, string> | undefined][] = [
      // Names compare trimmed, by width and case.
      [{ name: ' ＣＡＴＥＧＯＲＹ ', required: 0, used: 1, type: 'date' }, -990000350001, 'A property item with the same name already exists.', { name: 'A property item with the same name already exists.' }],
      [{ name: 'Colour', required: 0, used: 1, type: 'fixed', values: [{ name: 'Red' }, { name: 'Blue' }, { name: 'red' }] }, -990000350002, 'The same fixed value is entered more than once.', { 'values.2.name': 'The same fixed value is entered more than once.' }],
      [{ name: 'Place', required: 0, used: 1, type: 'dropdown', layers: 2, options: [{ name: 'Japan', children: [{ name: 'Tokyo' }, { name: 'Tokyo' }] }] }, -990000350003, 'The same dropdown value is entered more than once under one parent.', { 'options.0.children.1.name': 'The same dropdown value is entered more than once under one parent.' }],
      [{ name: 'Place', required: 0, used: 1, type: 'dropdown', layers: 2, options: [{ name: 'Japan', children: [{ name: 'Kanto', children: [{ name: 'Tokyo' }] }] }] }, -4, 'There is an error in the input. Please check the highlighted fields.', { 'options.0.children.0.children.0': 'This dropdown has fewer layers: remove the values of the layer below.' }],
      [{ name: 'Place', required: 0, used: 1, type: 'dropdown', layers: 3, options: [{ name: 'Japan', children: [{ name: 'Kanto' }] }] }, -4, 'There is an error in the input. Please check the highlighted fields.', { 'options.0.children.0': 'Every value needs at least one value in the next layer.' }],
      [{ name: 'Place', required: 0, used: 1, type: 'dropdown', layers: 2, options: [{ name: 'Japan', children: [{ name: '　' }] }] }, -4, 'There is an error in the input. Please check the highlighted fields.', { 'options.0.children.0.name': 'This field is required' }],
      [{ name: 'Size', required: 0, used: 1, type: 'number' }, -4, 'There is an error in the input. Please check the highlighted fields.', { length: 'This field is required' }],
    ];
    for (const [body, code, message, fields] of cases) {
      const result = await call('com/property_item_save_btn', body, t.token);
      expect(result.body.code, JSON.stringify(body)).toBe(code);
      expect(result.body.message).toBe(message);
      expect(result.body.info?.fields, JSON.stringify(body)).toEqual(fields);
    }
    // The same name under different parents is fine.
    const other = await save(t.token, { name: 'Branch', required: 0, used: 0, type: 'dropdown', layers: 2, options: [{ name: 'East', children: [{ name: 'Main' }] }, { name: 'West', children: [{ name: 'Main' }] }] });
    expect(await listOf(t.token)).toEqual([...before, other]);
    const deleted = await call('com/property_item_del_btn', { item_no: other.item_no, row_version: 1 }, t.token);
    expect(deleted.body.code).toBe(0);
    expect(await listOf(t.token)).toEqual(before);
  });

  it('lets drive users read the definitions but only administrators save or delete them, and keeps contracts apart', async () => {
    const user = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    expect(await listOf(user.token)).toEqual(await listOf(t.token));
    expect((await call('com/property_item_save_btn', { name: 'Mine', required: 0, used: 1, type: 'date' }, user.token)).body.code).toBe(-101);
    expect((await call('com/property_item_del_btn', { item_no: 1, row_version: 1 }, user.token)).body.code).toBe(-101);
    const other = await newTenant();
    expect(await listOf(other.token)).toEqual([]);
    // Another contract's item numbers do not exist here, and its names are free here.
    const foreign = await call('com/property_item_save_btn', { item_no: 1, row_version: 1, name: 'Project code', required: 0, used: 1, type: 'date' }, other.token);
    expect(foreign.body.code).toBe(-3);
    expect((await call('com/property_item_del_btn', { item_no: 1, row_version: 1 }, other.token)).body.code).toBe(-3);
    const own = await save(other.token, { name: 'Project code', required: 0, used: 1, type: 'date' });
    expect(own.item_no).toBe(1);
    expect((await listOf(t.token))[0]).toMatchObject({ item_no: 1, type: 'text', row_version: 1 });
  });
});

describe('property values on files (file_reg_btn, file_detail_upd_btn, file_info)', () => {
  let t: TestTenant;
  let code: PropertyItem;
  let weight: PropertyItem;
  let category: PropertyItem;
  let place: PropertyItem;
  beforeAll(async () => {
    t = await newTenant();
    code = await save(t.token, { name: 'Project code', required: 1, used: 1, type: 'text', length: 5 });
    weight = await save(t.token, { name: 'Weight', required: 0, used: 1, type: 'number', length: 3, unit: 'kg' });
    category = await save(t.token, { name: 'Category', required: 0, used: 1, type: 'fixed', values: [{ name: 'Contract' }, { name: 'Invoice' }] });
    place = await save(t.token, region);
  });

  const path = (item: PropertyItem, ...names: string[]): string[] => {
    let level = item.options!;
    return names.map((name) => {
      const node = level.find((option) => option.name === name)!;
      level = node.children ?? [];
      return node.id;
    });
  };

  it('registers a file with its values, shows them in its details, and checks them on the server', async () => {
    const tokyo = path(place, 'Japan', 'Kanto', 'Tokyo');
    const properties = { [code.item_no]: 'P-1', [weight.item_no]: 12.5, [category.item_no]: category.values![0]!.id, [place.item_no]: tokyo };
    const file = await aFile(t.token, 'root', 'contract.pdf', { properties });
    const info = await call('com_drive/file_info', { id: file.id }, t.token);
    expect(info.body.data!.item.properties).toEqual(properties);

    const bad: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { [`properties.${code.item_no}`]: 'This field is required' }],
      [{ [code.item_no]: 'TOO-LONG' }, { [`properties.${code.item_no}`]: 'Please enter no more than 5 characters.' }],
      [{ [code.item_no]: 'P', [weight.item_no]: 1234 }, { [`properties.${weight.item_no}`]: 'Please enter a number of no more than 3 digits.' }],
      [{ [code.item_no]: 'P', [category.item_no]: 'zzzz' }, { [`properties.${category.item_no}`]: 'The value is not valid.' }],
      // A path that skips a layer, and one whose second layer is under another first-layer value.
      [{ [code.item_no]: 'P', [place.item_no]: tokyo.slice(0, 2) }, { [`properties.${place.item_no}`]: 'The value is not valid.' }],
      [{ [code.item_no]: 'P', [place.item_no]: [path(place, 'France')[0]!, tokyo[1]!, tokyo[2]!] }, { [`properties.${place.item_no}`]: 'The value is not valid.' }],
      [{ [code.item_no]: 'P', 99: 'x' }, { 'properties.99': 'The value is not valid.' }],
    ];
    for (const [values, fields] of bad) {
      const result = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'bad.pdf', size: 3, properties: values as never }, t.token);
      expect(result.body.code, JSON.stringify(values)).toBe(-4);
      expect(result.body.info?.fields, JSON.stringify(values)).toEqual(fields);
    }
    // A simple registration carries no values and is not held to the required items.
    const simple = await aFile(t.token, 'root', 'simple.pdf');
    expect(simple.properties).toBeUndefined();
  });

  it('refuses to remove a value files are linked to (with how many), until the files let go of it', async () => {
    const kansai = path(place, 'Japan', 'Kansai', 'Osaka');
    const first = await aFile(t.token, 'root', 'osaka-1.pdf', { properties: { [code.item_no]: 'A', [place.item_no]: kansai } });
    const second = await aFile(t.token, 'root', 'osaka-2.pdf', { properties: { [code.item_no]: 'B', [place.item_no]: kansai } });
    let current = (await listOf(t.token)).find((item) => item.item_no === place.item_no)!;
    const withoutKansai = (item: PropertyItem): SaveBody => ({
      item_no: item.item_no, row_version: item.row_version, name: item.name, required: 0, used: 1, type: 'dropdown', layers: 3,
      options: item.options!.map((country) => ({ ...country, children: country.children!.filter((area) => area.name !== 'Kansai') })),
    });
    const refused = await call('com/property_item_save_btn', withoutKansai(current), t.token);
    expect(refused.body.code).toBe(-990000350004);
    expect(refused.body.message).toBe('Cannot update because files are linked to removed values (2 files).');
    expect((await call('com/property_item_del_btn', { item_no: current.item_no, row_version: current.row_version }, t.token)).body.code).toBe(-990000350004);
    expect((await listOf(t.token)).find((item) => item.item_no === place.item_no)).toEqual(current);

    // One file moves to Tokyo (its details), the other is deleted for good: the value is free.
    const moved = await call('com_drive/file_detail_upd_btn', { id: first.id, row_version: first.row_version, properties: { [place.item_no]: path(place, 'Japan', 'Kanto', 'Tokyo') } }, t.token);
    expect(moved.body.code, JSON.stringify(moved.body)).toBe(0);
    expect(moved.body.data!.item.properties![place.item_no]).toEqual(path(place, 'Japan', 'Kanto', 'Tokyo'));
    expect((await call('com/property_item_save_btn', withoutKansai(current), t.token)).body.message).toBe('Cannot update because files are linked to removed values (1 files).');
    const inTrash = await fresh(t.token, second.id);
    await trash(t.token, inTrash);
    const gone = await call('com_drive/force_delete_btn', { items: [{ id: second.id, row_version: inTrash.row_version + 1 }] }, t.token);
    expect(gone.body.code, JSON.stringify(gone.body)).toBe(0);
    current = await save(t.token, withoutKansai(current));
    expect(current.options![0]!.children!.map((area) => area.name)).toEqual(['Kanto']);
    // A file cannot be given a value that is gone.
    const stale = await call('com_drive/file_detail_upd_btn', { id: first.id, row_version: (await fresh(t.token, first.id)).row_version, properties: { [place.item_no]: kansai } }, t.token);
    expect(stale.body.code).toBe(-4);
  });

  it('keeps what the details update does not send, and requires the required items to stay filled', async () => {
    const file = await aFile(t.token, 'root', 'keep.pdf', { properties: { [code.item_no]: 'K', [weight.item_no]: 7 } });
    const cleared = await call('com_drive/file_detail_upd_btn', { id: file.id, row_version: file.row_version, properties: { [code.item_no]: null } }, t.token);
    expect(cleared.body.code).toBe(-4);
    expect(cleared.body.info?.fields).toEqual({ [`properties.${code.item_no}`]: 'This field is required' });
    const changed = await call('com_drive/file_detail_upd_btn', { id: file.id, row_version: file.row_version, properties: { [weight.item_no]: null, [category.item_no]: category.values![1]!.id } }, t.token);
    expect(changed.body.code).toBe(0);
    expect(changed.body.data!.item.properties).toEqual({ [code.item_no]: 'K', [category.item_no]: category.values![1]!.id });
  });
});

describe('property conditions in the drive search (com_drive/search properties)', () => {
  let t: TestTenant;
  let code: PropertyItem;
  let weight: PropertyItem;
  let due: PropertyItem;
  let category: PropertyItem;
  let place: PropertyItem;
  const id = (item: PropertyItem, ...names: string[]): string => {
    let level = item.options!;
    let found = '';
    for (const name of names) {
      const node = level.find((option) => option.name === name)!;
      found = node.id;
      level = node.children ?? [];
    }
    return found;
  };
  const path = (item: PropertyItem, ...names: string[]): string[] => names.map((_, index) => id(item, ...names.slice(0, index + 1)));
  const found = async (properties: unknown[], extra: Record<string, unknown> = {}, token = t.token): Promise<string[]> => {
    const result = await call('com_drive/search', { properties: properties as never, ...extra }, token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    return result.body.data!.items.map((item) => item.name).sort();
  };

  beforeAll(async () => {
    t = await newTenant();
    code = await save(t.token, { name: 'Project code', required: 0, used: 1, type: 'text', length: 20 });
    weight = await save(t.token, { name: 'Weight', required: 0, used: 1, type: 'number', length: 4 });
    due = await save(t.token, { name: 'Due', required: 0, used: 1, type: 'date' });
    category = await save(t.token, { name: 'Category', required: 0, used: 1, type: 'fixed', values: [{ name: 'Contract' }, { name: 'Invoice' }] });
    place = await save(t.token, region);
    await aFile(t.token, 'root', 'alpha.pdf', { properties: {
      [code.item_no]: 'PRJ-Alpha', [weight.item_no]: 5, [due.item_no]: '2026-04-01', [category.item_no]: category.values![0]!.id, [place.item_no]: path(place, 'Japan', 'Kanto', 'Tokyo'),
    } });
    await aFile(t.token, 'root', 'beta.pdf', { properties: {
      [code.item_no]: 'prj-beta', [weight.item_no]: 50, [due.item_no]: '2026-06-30', [category.item_no]: category.values![1]!.id, [place.item_no]: path(place, 'Japan', 'Kansai', 'Osaka'),
    } });
    await aFile(t.token, 'root', 'plain.pdf');
  });

  it('matches text by part (width and case aside), numbers and dates by range, fixed values, and dropdown values of any layer', async () => {
    expect(await found([{ item_no: code.item_no, text: 'ＰＲＪ' }])).toEqual(['alpha.pdf', 'beta.pdf']);
    expect(await found([{ item_no: code.item_no, text: 'alpha' }])).toEqual(['alpha.pdf']);
    expect(await found([{ item_no: weight.item_no, from: 10 }])).toEqual(['beta.pdf']);
    expect(await found([{ item_no: weight.item_no, from: 5, to: 5 }])).toEqual(['alpha.pdf']);
    expect(await found([{ item_no: due.item_no, to: '2026-05-01' }])).toEqual(['alpha.pdf']);
    expect(await found([{ item_no: category.item_no, value_id: category.values![1]!.id }])).toEqual(['beta.pdf']);
    expect(await found([{ item_no: place.item_no, value_id: id(place, 'Japan') }])).toEqual(['alpha.pdf', 'beta.pdf']);
    expect(await found([{ item_no: place.item_no, value_id: id(place, 'Japan', 'Kanto') }])).toEqual(['alpha.pdf']);
    expect(await found([{ item_no: place.item_no, value_id: id(place, 'Japan', 'Kansai', 'Osaka') }])).toEqual(['beta.pdf']);
    expect(await found([{ item_no: place.item_no, value_id: id(place, 'France') }])).toEqual([]);
    // Conditions combine with each other and with the other conditions (AND).
    expect(await found([{ item_no: place.item_no, value_id: id(place, 'Japan') }, { item_no: weight.item_no, to: 10 }])).toEqual(['alpha.pdf']);
    expect(await found([{ item_no: place.item_no, value_id: id(place, 'Japan') }], { name: 'bet' })).toEqual(['beta.pdf']);
    expect(await found([{ item_no: place.item_no, value_id: id(place, 'Japan') }], { sort_item: 'update_date', sort_flg: 2 })).toEqual(['alpha.pdf', 'beta.pdf']);
  });

  it('refuses a condition that does not fit its item, and searches nothing', async () => {
    const bad: [unknown[], Record<string, string>][] = [
      [[{ item_no: 99, text: 'x' }], { 'properties.0': 'The value is not valid.' }],
      [[{ item_no: weight.item_no, text: '5' }], { 'properties.0': 'The value is not valid.' }],
      [[{ item_no: code.item_no }], { 'properties.0': 'The value is not valid.' }],
      [[{ item_no: due.item_no, from: 3 }], { 'properties.0': 'The value is not valid.' }],
      [[{ item_no: weight.item_no, from: '2026-01-01' }], { 'properties.0': 'The value is not valid.' }],
      [[{ item_no: due.item_no, from: '2026-06-01', to: '2026-05-01' }], { 'properties.0': 'The end must not be before the start.' }],
      [[{ item_no: weight.item_no, from: 9, to: 1 }], { 'properties.0': 'The maximum must not be less than the minimum.' }],
      [[{ item_no: category.item_no, value_id: id(place, 'Japan') }], { 'properties.0': 'The value is not valid.' }],
      [[{ item_no: code.item_no, text: 'a' }, { item_no: code.item_no, text: 'b' }], { 'properties.1': 'The value is not valid.' }],
    ];
    for (const [properties, fields] of bad) {
      const result = await call('com_drive/search', { properties: properties as never }, t.token);
      expect(result.body.code, JSON.stringify(properties)).toBe(-4);
      expect(result.body.info?.fields, JSON.stringify(properties)).toEqual(fields);
    }
    const tooMany = await call('com_drive/search', { properties: Array.from({ length: 6 }, () => ({ item_no: code.item_no, text: 'x' })) }, t.token);
    expect(tooMany.body.code).toBe(-4);
  });

  it("another contract's search reads its own items and finds none of this contract's files", async () => {
    const other = await newTenant();
    const refused = await call('com_drive/search', { properties: [{ item_no: place.item_no, value_id: id(place, 'Japan') }] }, other.token);
    expect(refused.body.code).toBe(-4);
    // Its own first item has this contract's first item's number: the number reads the caller's definitions only.
    const own = await save(other.token, { name: 'Project code', required: 0, used: 1, type: 'text', length: 20 });
    expect(own.item_no).toBe(code.item_no);
    expect(await found([{ item_no: own.item_no, text: 'prj' }], {}, other.token)).toEqual([]);
  });
});
