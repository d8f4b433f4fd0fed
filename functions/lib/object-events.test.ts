import type { S3Event } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createdObjectKeys, isObjectCreatedEvent, type ObjectCreatedEvent } from './object-events.ts';

const notification = (...keys: string[]) => ({ Records: keys.map((key) => ({ s3: { object: { key, size: 1 } } })) }) as unknown as S3Event;
const eventBridge = (key?: string): ObjectCreatedEvent => ({ source: 'aws.s3', 'detail-type': 'Object Created', detail: key === undefined ? {} : { object: { key } } });

describe('createdObjectKeys', () => {
  it("reads an S3 notification's keys, which are form-encoded", () => {
    expect(createdObjectKeys(notification('t/acme/imports/x/source.csv', 't/acme/%E8%B3%87%E6%96%99+2026.pdf'))).toEqual(['t/acme/imports/x/source.csv', 't/acme/資料 2026.pdf']);
  });

  it("reads EventBridge's key as it is (not encoded), and nothing from an event without one", () => {
    expect(createdObjectKeys(eventBridge('t/acme/drive-jobs/1/run'))).toEqual(['t/acme/drive-jobs/1/run']);
    expect(createdObjectKeys(eventBridge('t/acme/a+b%20.txt'))).toEqual(['t/acme/a+b%20.txt']);
    expect(createdObjectKeys(eventBridge())).toEqual([]);
  });

  it('tells an object event from the schedule', () => {
    expect(isObjectCreatedEvent(eventBridge('k'))).toBe(true);
    expect(isObjectCreatedEvent({ source: 'aws.events', 'detail-type': 'Scheduled Event' })).toBe(false);
    expect(isObjectCreatedEvent(notification('k'))).toBe(false);
  });
});
