import type { ScanStatus } from '#shared/schemas/drive.ts';
/**
 * The physical shape of the tables, declared once: the CDK data stack and the local stack's
 * CreateTable both build from it. Entity modules in functions/ own the key *values*
 * (see functions/lib/data/README.md for the access-pattern table).
 */
export const mainTable = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'ttl',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    // Drive search (functions/data/drive-search.ts): every drive entry carries `srch_pk`
    // (`T#<kyk>#SRCH#<bucket>`, fixed at creation), so these sort the contract's entries by the
    // entry's own attributes and follow every change of them with no write of their own. The
    // transaction date and amount indexes are sparse: only files that carry the field are in them.
    { name: 'srch-name', partitionKey: 'srch_pk', sortKey: 'name_key' },
    { name: 'srch-upd', partitionKey: 'srch_pk', sortKey: 'update_date' },
    { name: 'srch-txd', partitionKey: 'srch_pk', sortKey: 'transaction_date' },
    { name: 'srch-amt', partitionKey: 'srch_pk', sortKey: 'transaction_amount', sortKeyType: 'N' },
  ],
} as const;

/** Attribute type of an index's sort key: strings unless the index says `N`. */
export const sortKeyType = (index: { name: string }): 'S' | 'N' => ('sortKeyType' in index && index.sortKeyType === 'N' ? 'N' : 'S');

/** Audit records by day (table), by acting user (gsi1) and by changed item (gsi2). */
export const auditTable = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'ttl',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export type TableDesign = typeof mainTable | typeof auditTable;

/** Environment variables every function reads (functions/lib/config.ts); set by CDK and by the local stack. */
export const functionEnv = {
  tableName: 'TABLE_NAME',
  auditTableName: 'AUDIT_TABLE_NAME',
  bucketName: 'BUCKET_NAME',
  /** Raw mail as SES receiving (or the local SMTP server) writes it: the intake function's input (docs/drive.md "Receiving documents by mail"). */
  intakeBucketName: 'INTAKE_BUCKET_NAME',
  /** The domain intake addresses are on (`<secret>@<domain>`); unset: the environment receives no mail. */
  mailIntakeDomain: 'MAIL_INTAKE_DOMAIN',
  mailFrom: 'MAIL_FROM',
  tokenSecretArn: 'TOKEN_SECRET_ARN',
  tokenSecret: 'TOKEN_SECRET',
  /** The secret CloudFront sends with every API request (AWS); unset locally, where the socket address counts. */
  originVerifySecretArn: 'ORIGIN_VERIFY_SECRET_ARN',
  originVerifySecret: 'ORIGIN_VERIFY_SECRET',
  sessionIdleMinutes: 'SESSION_IDLE_MINUTES',
  /**
   * log2 of scrypt's N for new password hashes (functions/lib/passwords.ts; default 15). The test
   * stacks set 10: a hash carries its parameters, so verifying is the same code at any cost, and
   * the suites hash thousands of passwords on a 2-core machine. Never set in AWS.
   */
  passwordHashCost: 'PASSWORD_HASH_COST',
  auditRetentionDays: 'AUDIT_RETENTION_DAYS',
  /** The lock-out (docs/sign-in.md): days a pair's failures are kept; failures per source address and window. */
  signInAttemptsKeepDays: 'SIGN_IN_ATTEMPTS_KEEP_DAYS',
  /** Uploads: hours a pending upload waits for its bytes; pending uploads a user and a contract may have at once. */
  uploadPendingHours: 'UPLOAD_PENDING_HOURS',
  uploadPendingPerUser: 'UPLOAD_PENDING_PER_USER',
  uploadPendingPerContract: 'UPLOAD_PENDING_PER_CONTRACT',
  /** Running copies, ZIPs and tax-office exports a user and a contract may have at once (docs/drive.md "Copy and ZIP jobs"). */
  driveJobsPerUser: 'DRIVE_JOBS_PER_USER',
  driveJobsPerContract: 'DRIVE_JOBS_PER_CONTRACT',
  signInSourceLimit: 'SIGN_IN_SOURCE_LIMIT',
  signInSourceWindowMinutes: 'SIGN_IN_SOURCE_WINDOW_MINUTES',
  dynamodbEndpoint: 'DYNAMODB_ENDPOINT',
  /** The local stack's DynamoDB Local keeps its data under this access key (infra/local/dynamodb-local.ts). */
  dynamodbAccessKey: 'DYNAMODB_ACCESS_KEY',
  s3Endpoint: 'S3_ENDPOINT',
  /** The local S3 endpoint's random key pair (infra/local/s3-front.ts checks every signature with it); unset in AWS. */
  s3AccessKeyId: 'S3_ACCESS_KEY_ID',
  s3SecretAccessKey: 'S3_SECRET_ACCESS_KEY',
  sesEndpoint: 'SES_ENDPOINT',
  /** SAML SP private keys: an SSM SecureString per contract under this prefix (AWS)... */
  samlKeyParameterPrefix: 'SAML_KEY_PARAMETER_PREFIX',
  /** ...or a file per contract in this directory (the local stack). */
  samlKeyDir: 'SAML_KEY_DIR',
  /** How long an import worker's lease lasts without renewal (seconds, default 60): a dead worker's job resumes after it. */
  importLeaseSeconds: 'IMPORT_LEASE_SECONDS',
  /** Sibling modules' sign-in addresses, a JSON object by module (e.g. {"property":"https://…"}): link_to_atp (docs/home.md). */
  moduleUrls: 'MODULE_URLS',
  /** The app's own address (https://<web domain>): links in mails (the users' invitations, docs/architecture.md "Imports"). */
  appUrl: 'APP_URL',
  /** S3 Object Lock of legal-style documents (functions/lib/object-lock.ts): COMPLIANCE or GOVERNANCE; unset locally (no lock). */
  objectLockMode: 'OBJECT_LOCK_MODE',
  /** GOVERNANCE only: a retention is capped at this many days from now, so the environment can be torn down. */
  objectLockMaxRetentionDays: 'OBJECT_LOCK_MAX_RETENTION_DAYS',
} as const;

/**
 * CORS of the files bucket, shared by CDK and the local S3 stand-in: the browser PUTs and GETs
 * presigned URLs from the app's origin and reads these response headers (ETag completes a multipart
 * upload; Content-Disposition carries the download's UTF-8 file name).
 */
export const filesBucketCors = {
  methods: ['GET', 'PUT', 'HEAD'],
  exposedHeaders: ['ETag', 'Content-Disposition', 'Content-Length'],
  maxAgeSeconds: 3000,
} as const;

/**
 * Key prefixes of the files bucket beyond the tenants' `t/` (functions/imports/files.ts): exports
 * and import templates are written under `exports/<contract>/` by the imports Lambda, raise no
 * storage event and expire after a day by a lifecycle rule; an import job's files live under
 * `t/<contract>/imports/<job>/`, whose events run the job and, once it is deleted, its purge.
 */
export const filesBucketLayout = {
  exportPrefix: 'exports/',
  exportRetentionDays: 1,
  importObjects: 't/*/imports/',
} as const;

/**
 * GuardDuty Malware Protection for S3 on the files bucket (infra/aws/storage-stack.ts): it scans every
 * object under `t/`, tags it with its result, and sends the result as an EventBridge event that the
 * storage-events function records on the file (functions/domain/drive/malware.ts). The bucket's
 * policy refuses every read of an object tagged as a threat, whatever signed the request.
 */
export const malwareScan = {
  tagKey: 'GuardDutyMalwareScanStatus',
  threatsFound: 'THREATS_FOUND' satisfies ScanStatus,
  eventSource: 'aws.guardduty',
  eventDetailType: 'GuardDuty Malware Protection Object Scan Result',
} as const;

/**
 * Headers CloudFront adds to every `/api/*` request: the origin secret (proves the request came
 * through the distribution, not straight to execute-api) and the viewer's IP address, written by a
 * viewer-request function over whatever the client sent. Functions trust the second only with the first.
 */
export const originHeaders = {
  verify: 'x-origin-verify',
  viewerAddress: 'x-viewer-address',
} as const;
