import { describe, expect, it } from 'vitest';
import { containingFolderHref, openHref, placeText } from './place.ts';

const folder = { id: 'f-1', type: 'folder' as const, parent_id: 'root', path: [] };
const file = { id: 'x-9', type: 'file' as const, parent_id: 'f-1', path: [{ id: 'f-1', name: 'Invoices' }, { id: 'f-2', name: 'März & Co' }] };

describe('placeText', () => {
  it('names the root alone for an entry at the top', () => {
    expect(placeText(folder, 'Drive')).toBe('Drive');
  });
  it('joins the folders from the root down', () => {
    expect(placeText(file, 'ドライブ')).toBe('ドライブ / Invoices / März & Co');
  });
});

describe('openHref', () => {
  it('opens a folder in the drive', () => {
    expect(openHref(folder)).toBe('/storage?folder=f-1');
  });
  it('opens a file\'s folder with the file selected', () => {
    expect(openHref(file)).toBe('/storage?folder=f-1&select=x-9');
  });
  it('opens a file at the top in the root with the file selected', () => {
    expect(openHref({ id: 'x-1', type: 'file', parent_id: 'root' })).toBe('/storage?select=x-1');
  });
  it('encodes ids', () => {
    expect(openHref({ id: 'a b', type: 'folder', parent_id: 'root' })).toBe('/storage?folder=a+b');
  });
});

describe('containingFolderHref', () => {
  it('is the drive for the root, else the folder', () => {
    expect(containingFolderHref({ parent_id: 'root' })).toBe('/storage');
    expect(containingFolderHref({ parent_id: 'f-1' })).toBe('/storage?folder=f-1');
  });
});
