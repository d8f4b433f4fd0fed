import { describe, expect, it } from 'vitest';
import { clampPage, isPageSize, pagesCount, sameRequest, searchKeyOf } from './paging.ts';

describe('pagesCount', () => {
  it('counts whole pages, at least one', () => {
    expect(pagesCount(0, 50)).toBe(1);
    expect(pagesCount(1, 50)).toBe(1);
    expect(pagesCount(50, 50)).toBe(1);
    expect(pagesCount(51, 50)).toBe(2);
    expect(pagesCount(1000, 100)).toBe(10);
    expect(pagesCount(1001, 1000)).toBe(2);
  });

  it('survives nonsense', () => {
    expect(pagesCount(Number.NaN, 50)).toBe(1);
    expect(pagesCount(10, 0)).toBe(1);
  });
});

describe('clampPage', () => {
  it('keeps a page inside 1..pagesCount', () => {
    expect(clampPage(3, 120, 50)).toBe(3);
    expect(clampPage(4, 120, 50)).toBe(3);
    expect(clampPage(0, 120, 50)).toBe(1);
    expect(clampPage(2, 0, 50)).toBe(1);
    expect(clampPage(2.7, 500, 50)).toBe(2);
  });
});

describe('searchKeyOf', () => {
  it('trims half- and full-width spaces and drops empty filters', () => {
    expect(searchKeyOf('  sales ')).toBe('sales');
    expect(searchKeyOf('\u3000営業\u3000')).toBe('営業');
    expect(searchKeyOf(' \u3000 ')).toBeUndefined();
    expect(searchKeyOf('')).toBeUndefined();
  });
});

describe('isPageSize', () => {
  it('accepts the page sizes of SPEC.md §9 only', () => {
    expect([50, 100, 1000].every(isPageSize)).toBe(true);
    expect(isPageSize(20)).toBe(false);
    expect(isPageSize('50')).toBe(false);
  });
});

describe('sameRequest', () => {
  it('compares requests by value', () => {
    expect(sameRequest({ product: 'ata', current_page: 1 }, { product: 'ata', current_page: 1 })).toBe(true);
    expect(sameRequest({ product: 'ata', current_page: 1 }, { product: 'atk', current_page: 1 })).toBe(false);
  });
});
