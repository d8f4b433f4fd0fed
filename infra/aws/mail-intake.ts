import { Aws, CfnRule, Duration, Fn, RemovalPolicy, Token, type Stack } from 'aws-cdk-lib';
import { AccountRootPrincipal, Effect, PolicyDocument, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key, type IKey } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { ReceiptRule, ReceiptRuleSet, TlsPolicy, type IReceiptRuleAction, type ReceiptRuleActionConfig } from 'aws-cdk-lib/aws-ses';
import type { EnvironmentConfig } from './environments.ts';

/**
 * Mail intake in AWS (docs/operations.md "Receiving mail (SES)"): SES receiving writes each mail,
 * raw MIME, under `mail/` of a bucket of its own, whose ObjectCreated events run the intake function
 * (functions/intake). Not the files bucket: SES's keys are not under a tenant prefix, and the files
 * bucket's Object Lock and versioning have no business with mail that lives a week.
 */

/** Where SES writes raw mail in the intake bucket (functions/intake reads and deletes only here). */
export const intakeMailPrefix = 'mail/';
/** Raw mail is gone a week after it arrived, handled or not (what it made lives in the files bucket). */
export const intakeMailRetentionDays = 7;

/**
 * The regions where SES receives mail (its "Email receiving endpoints", AWS General Reference,
 * Amazon SES endpoints and quotas; this list as of 2024). A receipt rule set can only be made in
 * these; a new one AWS adds is added here.
 */
export const mailReceivingRegions = [
  'us-east-1', 'us-east-2', 'us-west-2',
  'ca-central-1',
  'eu-west-1', 'eu-west-2', 'eu-central-1',
  'ap-northeast-1', 'ap-southeast-1', 'ap-southeast-2', 'ap-southeast-3',
] as const;

/** `inbound-smtp.<region>.amazonaws.com`, what the receiving domain's MX points at. */
export const inboundSmtpHost = (region: string): string => `inbound-smtp.${region}.amazonaws.com`;

/** Names of the receipt rule set and its rule, fixed so the bucket policy can name the rule before it exists. */
export const receiptRuleNames = (config: EnvironmentConfig) => ({
  ruleSet: `${config.stackPrefix}-MailIntake`,
  rule: `${config.stackPrefix}-mail-intake`,
});

/** The receipt rule's ARN, what SES's writes into the bucket carry as `aws:SourceArn`. */
export const receiptRuleArn = (config: EnvironmentConfig): string => {
  const names = receiptRuleNames(config);
  return `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:receipt-rule-set/${names.ruleSet}:receipt-rule/${names.rule}`;
};

/** What SES's writes are limited to: this account, this environment's receipt rule. */
const sesSourceConditions = (config: EnvironmentConfig) => ({
  StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
  ArnLike: { 'aws:SourceArn': receiptRuleArn(config) },
});

/**
 * The key of the intake bucket where the environment's data is under customer-managed keys: a key of
 * its own, because SES (a service principal) must be let use it, and the data stack's key is shared
 * by the tables, the token secret and the files bucket.
 */
export const createIntakeKey = (stack: Stack, config: EnvironmentConfig): Key =>
  new Key(stack, 'IntakeKey', {
    description: `ComDrive ${config.name}: raw received mail in the intake bucket (a week at most)`,
    enableKeyRotation: true,
    removalPolicy: config.removalPolicy,
    // The account administers and grants (IAM policies) as with any key; SES is added by addMailReceiving.
    policy: new PolicyDocument({
      statements: [new PolicyStatement({ actions: ['kms:*'], principals: [new AccountRootPrincipal()], resources: ['*'] })],
    }),
  });

/** The intake bucket: encrypted, private, TLS only, access-logged, raw mail expiring after a week, no versions. */
export const createIntakeBucket = (
  stack: Stack, config: EnvironmentConfig, accessLogs: IBucket, key: IKey | undefined,
): Bucket =>
  new Bucket(stack, 'IntakeBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    ...(key
      ? { encryption: BucketEncryption.KMS, encryptionKey: key, bucketKeyEnabled: true }
      : { encryption: BucketEncryption.S3_MANAGED }),
    enforceSSL: true,
    lifecycleRules: [
      { id: 'ExpireRawMail', prefix: intakeMailPrefix, expiration: Duration.days(intakeMailRetentionDays) },
      { abortIncompleteMultipartUploadAfter: Duration.days(1) },
    ],
    serverAccessLogsBucket: accessLogs,
    serverAccessLogsPrefix: 'intake/',
    removalPolicy: config.removalPolicy,
    autoDeleteObjects: config.removalPolicy === RemovalPolicy.DESTROY,
  });

/** SES's S3 action, written here because aws-ses-actions' S3 limits SES's writes by the account only, not by the rule. */
class WriteRawMail implements IReceiptRuleAction {
  constructor(private readonly bucket: IBucket) {}
  bind(): ReceiptRuleActionConfig {
    return { s3Action: { bucketName: this.bucket.bucketName, objectKeyPrefix: intakeMailPrefix } };
  }
}

export interface MailReceiving {
  readonly ruleSet: ReceiptRuleSet;
  readonly rule: ReceiptRule;
}

/**
 * SES receiving for the environment's receiving domain: one rule set with one rule (TLS required,
 * spam and virus scanning on, the mail written under `mail/`), and the bucket policy (and key
 * policy) that let SES write there for this rule only. The rule set still has to be made active
 * (`aws ses set-active-receipt-rule-set`): CloudFormation has no resource for that.
 */
export const addMailReceiving = (
  stack: Stack, config: EnvironmentConfig, domain: string, bucket: Bucket, key: Key | undefined,
): MailReceiving => {
  const region = stack.region;
  if (!Token.isUnresolved(region) && !(mailReceivingRegions as readonly string[]).includes(region)) {
    throw new Error(
      `env ${config.name}: SES receives no mail in ${region}, so mailIntakeDomain ${domain} cannot be received there. ` +
        `Deploy the environment to one of ${mailReceivingRegions.join(', ')}, or leave mailIntakeDomain unset (docs/operations.md "Receiving mail (SES)").`,
    );
  }
  // An environment-agnostic synth (no region yet) is checked by CloudFormation when it is deployed.
  new CfnRule(stack, 'MailReceivingRegion', {
    assertions: [{
      assert: Fn.conditionContains([...mailReceivingRegions], Aws.REGION),
      assertDescription: `SES receives mail only in ${mailReceivingRegions.join(', ')}: deploy there, or leave mailIntakeDomain unset (docs/operations.md "Receiving mail (SES)").`,
    }],
  });

  const ses = new ServicePrincipal('ses.amazonaws.com');
  const policy = bucket.addToResourcePolicy(new PolicyStatement({
    sid: 'SesWritesRawMail',
    effect: Effect.ALLOW,
    principals: [ses],
    actions: ['s3:PutObject'],
    resources: [bucket.arnForObjects(`${intakeMailPrefix}*`)],
    conditions: sesSourceConditions(config),
  }));
  key?.addToResourcePolicy(new PolicyStatement({
    sid: 'SesEncryptsRawMail',
    principals: [ses],
    // SSE-KMS of SES's PutObject: S3 asks KMS for a data key on SES's behalf.
    actions: ['kms:GenerateDataKey'],
    resources: ['*'],
    conditions: {
      StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID, 'kms:ViaService': `s3.${Aws.REGION}.amazonaws.com` },
    },
  }));

  const names = receiptRuleNames(config);
  const ruleSet = new ReceiptRuleSet(stack, 'MailIntakeRuleSet', { receiptRuleSetName: names.ruleSet });
  const rule = new ReceiptRule(stack, 'MailIntakeRule', {
    ruleSet,
    receiptRuleName: names.rule,
    recipients: [domain],
    enabled: true,
    tlsPolicy: TlsPolicy.REQUIRE,
    scanEnabled: true,
    actions: [new WriteRawMail(bucket)],
  });
  // SES writes a test object when the rule is made: the bucket policy (and the key's) must be there first.
  if (policy.policyDependable) rule.node.addDependency(policy.policyDependable);
  if (key) rule.node.addDependency(key);
  return { ruleSet, rule };
};
