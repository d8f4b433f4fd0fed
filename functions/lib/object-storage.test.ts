import { describe, expect, it } from 'vitest';
import { contentDisposition, objectKey, parseObjectKey } from './object-storage.ts';

describe('object keys', () => {
  it('round-trips the tenant, item and version', () => {
    const key = objectKey('demo', '0b6b7f5e-3c1a-4d8e-9f00-123456789abc', 3);
    expect(key).toBe('t/demo/0b6b7f5e-3c1a-4d8e-9f00-123456789abc/v3');
    expect(parseObjectKey(key)).toEqual({ kykId: 'demo', itemId: '0b6b7f5e-3c1a-4d8e-9f00-123456789abc', version: 3 });
  });
  it('refuses keys outside the layout', () => {
    expect(parseObjectKey('t/demo/not-an-id/v1')).toBeUndefined();
    expect(parseObjectKey('other/demo/0b6b7f5e-3c1a-4d8e-9f00-123456789abc/v1')).toBeUndefined();
  });
});

describe('contentDisposition', () => {
  it('carries an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('見積書 (案).xlsx')).toBe(
      `attachment; filename="___ (_).xlsx"; filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8%20%28%E6%A1%88%29.xlsx`,
    );
  });
  it('neutralises quotes in the fallback', () => {
    expect(contentDisposition('a"b.txt')).toBe(`attachment; filename="a_b.txt"; filename*=UTF-8''a%22b.txt`);
  });
});
