import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import {
  CreateBucketCommand,
  PutBucketVersioningCommand,
  PutObjectLockConfigurationCommand,
  type ObjectLockRetentionMode,
  type BucketVersioningStatus,
  type S3Client,
} from '@aws-sdk/client-s3';
import { projectRoot } from '#infra/aws/bundling.ts';
import { DataStack } from '#infra/aws/data-stack.ts';
import { loadEnvironment, type EnvName } from '#infra/aws/environments.ts';
import { MailStack } from '#infra/aws/mail-stack.ts';
import { StorageStack } from '#infra/aws/storage-stack.ts';

/**
 * The files bucket as CDK defines it: the storage stack is synthesized in process and the bucket is
 * made from its AWS::S3::Bucket properties, as CloudFormation would make it, so the moto tests and
 * the local stack on moto (`LOCAL_S3=moto`) run against the versioning and Object Lock the stack
 * deploys, not a copy of them.
 *
 * Only the storage stack and the data stack it needs are built, with bundling skipped (as `cdk synth
 * --exclusively` would), and without cdk-nag: the bucket's properties are the storage stack's alone
 * (the web stack's origins only feed its CORS, which the tests do not use), and tests/infra
 * synthesizes the whole app of every environment and checks the same bucket there.
 */
export interface BucketProperties {
  readonly ObjectLockEnabled?: boolean;
  readonly VersioningConfiguration?: { readonly Status: BucketVersioningStatus };
  readonly ObjectLockConfiguration?: {
    readonly ObjectLockEnabled?: 'Enabled';
    readonly Rule?: { readonly DefaultRetention?: { readonly Mode?: ObjectLockRetentionMode; readonly Days?: number; readonly Years?: number } };
  };
}

/** `outdir`: where the cloud assembly is written and removed again (default beside the infra tests' assemblies, gitignored). */
export const filesBucketProperties = (env: EnvName, outdir = path.join(projectRoot, 'tests', 'infra', '.cdk.out', `moto-${env}`)): BucketProperties => {
  rmSync(outdir, { recursive: true, force: true });
  // cdk.json's feature flags, as buildApp reads them; no Lambda bundling: the bucket does not depend
  // on the bundles (CDK's `aws:cdk:bundling-stacks`). Without CDK's built-in CloudFormation schema
  // check (a WebAssembly engine: 6 of the 7 s of this synth; tests/infra runs it on every stack).
  const cdkJson = JSON.parse(readFileSync(path.join(projectRoot, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  const app = new App({ outdir, builtinCloudFormationValidation: false, context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  const config = loadEnvironment(env, (key) => app.node.tryGetContext(key));
  const data = new DataStack(app, 'Data', { config });
  const mail = new MailStack(app, 'Mail', { config });
  const storage = new StorageStack(app, 'Storage', { config, data, webOrigins: ['https://drive.example.test'], appUrl: 'https://drive.example.test', mailIdentity: mail.identity });
  const template = app.synth().getStackArtifact(storage.artifactId).template as { Resources: Record<string, { Properties: BucketProperties }> };
  rmSync(outdir, { recursive: true, force: true });
  const bucket = template.Resources[storage.getLogicalId(storage.filesBucket.node.defaultChild as CfnElement)];
  if (!bucket) throw new Error('The storage stack has no files bucket');
  return bucket.Properties;
};

/**
 * Creates `name` with the template's Object Lock and versioning, through the calls CloudFormation
 * makes for them: CreateBucket (Object Lock can only be switched on there), PutBucketVersioning and,
 * when the template has one, PutObjectLockConfiguration (with its default retention, if any).
 */
export async function createFilesBucket(s3: S3Client, name: string, region: string, properties: BucketProperties): Promise<void> {
  await s3.send(new CreateBucketCommand({
    Bucket: name,
    ObjectLockEnabledForBucket: properties.ObjectLockEnabled === true,
    ...(region === 'us-east-1' ? {} : { CreateBucketConfiguration: { LocationConstraint: region as 'ap-northeast-1' } }),
  }));
  if (properties.VersioningConfiguration) {
    await s3.send(new PutBucketVersioningCommand({ Bucket: name, VersioningConfiguration: { Status: properties.VersioningConfiguration.Status } }));
  }
  const lock = properties.ObjectLockConfiguration;
  if (lock) {
    const retention = lock.Rule?.DefaultRetention;
    await s3.send(new PutObjectLockConfigurationCommand({
      Bucket: name,
      ObjectLockConfiguration: {
        ObjectLockEnabled: lock.ObjectLockEnabled ?? 'Enabled',
        ...(retention ? { Rule: { DefaultRetention: { Mode: retention.Mode, Days: retention.Days, Years: retention.Years } } } : {}),
      },
    }));
  }
}
