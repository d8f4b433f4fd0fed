import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { EnvironmentConfig } from './environments.ts';

/**
 * The bucket that receives S3 server access logs (and, in the web stack, CloudFront logs, which
 * still need ACLs: `objectWriter`). SSE-S3 because log delivery cannot use a KMS key.
 */
export const createLogBucket = (
  scope: Construct,
  id: string,
  config: EnvironmentConfig,
  options: { cloudFrontLogs?: boolean } = {},
): Bucket => {
  const bucket = new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: options.cloudFrontLogs ? ObjectOwnership.OBJECT_WRITER : ObjectOwnership.BUCKET_OWNER_ENFORCED,
    lifecycleRules: [{ expiration: Duration.days(config.accessLogExpirationDays) }],
    removalPolicy: config.removalPolicy,
    autoDeleteObjects: config.removalPolicy === RemovalPolicy.DESTROY,
  });
  Validations.of(bucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason: 'This is the access-log bucket itself; logging it into itself would log its own log writes.',
  });
  return bucket;
};
