import { S3Client } from '@aws-sdk/client-s3';
import type { TestProject } from 'vitest/node';
import { loadEnvironment } from '#infra/aws/environments.ts';
import { startMotoServer } from '#infra/local/moto-server.ts';
import { objectLockEnvironment } from '#lib/object-lock.ts';
import { createFilesBucket, filesBucketProperties, type BucketProperties } from '#infra/local/moto-bucket.ts';

/** The moto tests' region and files bucket (a valid S3 name: moto refuses others). */
const region = 'ap-northeast-1';
const bucket = 'comdrive-customer-files';
/** Any pair: moto checks no signature. */
const credentials = { accessKeyId: 'moto-tests', secretAccessKey: 'moto-tests' };

/**
 * One moto_server for the whole run, with the files bucket made as the customer environment's
 * storage stack defines it. The Object Lock variables CDK gives the locking functions
 * (infra/aws/app-function.ts) are handed over for the COMPLIANCE environment (customer) and a
 * GOVERNANCE one (test, capped at a day); the tests switch between them.
 */
export default async function setup(project: TestProject) {
  // The SDK's notice about Node 20 (the workers inherit it).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // moto boots in its own process while the stack synthesizes here.
  const starting = startMotoServer({ log: (line) => console.error(line) });
  let properties: BucketProperties;
  try {
    properties = filesBucketProperties('customer');
  } catch (error) {
    await (await starting).stop();
    throw error;
  }
  const moto = await starting;
  try {
    const client = new S3Client({ endpoint: moto.endpoint, forcePathStyle: true, region, credentials });
    await createFilesBucket(client, bucket, region, properties);
    client.destroy();
    project.provide('moto', {
      endpoint: moto.endpoint,
      region,
      bucket,
      credentials,
      bucketProperties: properties,
      objectLock: {
        customer: objectLockEnvironment(loadEnvironment('customer').objectLock),
        test: objectLockEnvironment(loadEnvironment('test').objectLock),
      },
    });
  } catch (error) {
    await moto.stop();
    throw error;
  }
  return () => moto.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    moto: {
      endpoint: string;
      region: string;
      bucket: string;
      credentials: { accessKeyId: string; secretAccessKey: string };
      bucketProperties: BucketProperties;
      /** OBJECT_LOCK_* as CDK sets them for the locking functions, by environment. */
      objectLock: { customer: Record<string, string>; test: Record<string, string> };
    };
  }
}
