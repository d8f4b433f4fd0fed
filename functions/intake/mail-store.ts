import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';

/**
 * The intake bucket: raw mail as SES's S3 action (or the local SMTP stand-in) stored it, under
 * `mail/<message id>`. Nothing here is a tenant's: the intake function reads a mail, registers
 * what it makes under the contract's own prefix in the files bucket, and deletes it.
 */
export interface StoredMailHead {
  size: number;
  /**
   * When it was stored: the event's time (milliseconds, and the same in every delivery of the
   * event), else S3's LastModified (whole seconds). The log orders mail by it.
   */
  storedAt: string;
}

const notFound = (error: unknown) => error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey');

/** The stored mail's size and time; undefined when it is gone (handled already by an earlier delivery). */
export async function headMail(key: string, eventTime?: string): Promise<StoredMailHead | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: config.intakeBucketName, Key: key }));
    const at = eventTime && !Number.isNaN(Date.parse(eventTime)) ? new Date(eventTime) : (head.LastModified ?? new Date());
    return { size: head.ContentLength ?? 0, storedAt: at.toISOString() };
  } catch (error) {
    if (notFound(error)) return undefined;
    throw error;
  }
}

/** The mail's bytes, or its first `length` only (the headers of a mail too large to read). */
export async function readMail(key: string, length?: number): Promise<Uint8Array | undefined> {
  try {
    const response = await s3().send(new GetObjectCommand({ Bucket: config.intakeBucketName, Key: key, ...(length ? { Range: `bytes=0-${length - 1}` } : {}) }));
    const bytes = response.Body ? await response.Body.transformToByteArray() : new Uint8Array();
    return length ? bytes.subarray(0, length) : bytes;
  } catch (error) {
    if (notFound(error)) return undefined;
    throw error;
  }
}

export async function deleteMail(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config.intakeBucketName, Key: key }));
}
