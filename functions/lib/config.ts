import { functionEnv } from './table-design.ts';

/** Settings every function reads from its environment (set by CDK in AWS, by bin/start.ts locally). */
const read = (name: string): string | undefined => process.env[name] || undefined;

const required = (name: string): string => {
  const value = read(name);
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
};

export const config = {
  get tableName() { return required(functionEnv.tableName); },
  get auditTableName() { return required(functionEnv.auditTableName); },
  get bucketName() { return required(functionEnv.bucketName); },
  get intakeBucketName() { return required(functionEnv.intakeBucketName); },
  /** Lower case, no trailing dot; undefined: no mail is received here. */
  get mailIntakeDomain() { return read(functionEnv.mailIntakeDomain)?.toLowerCase().replace(/\.$/, ''); },
  get mailFrom() { return read(functionEnv.mailFrom) ?? 'no-reply@example.com'; },
  get tokenSecret() { return read(functionEnv.tokenSecret); },
  get tokenSecretArn() { return read(functionEnv.tokenSecretArn); },
  get originVerifySecret() { return read(functionEnv.originVerifySecret); },
  get originVerifySecretArn() { return read(functionEnv.originVerifySecretArn); },
  /** Audit records expire after this many days (default 7 years, the Japanese bookkeeping retention). */
  get auditRetentionDays() { return Number(read(functionEnv.auditRetentionDays) ?? 2557); },
  /** Failed sign-ins of a contract/user pair are kept this long after the last one (a made-up account stays "locked" as long). */
  get signInAttemptsKeepDays() { return Number(read(functionEnv.signInAttemptsKeepDays) ?? 30); },
  /** Failed sign-in steps one source address may make per window before it must wait. */
  get signInSourceLimit() { return Number(read(functionEnv.signInSourceLimit) ?? 100); },
  get signInSourceWindowMinutes() { return Number(read(functionEnv.signInSourceWindowMinutes) ?? 15); },
  /** A registered upload whose bytes have not arrived after this is abandoned (released by the sweep). */
  get uploadPendingHours() { return Number(read(functionEnv.uploadPendingHours) ?? 24); },
  get uploadPendingPerUser() { return Number(read(functionEnv.uploadPendingPerUser) ?? 100); },
  get uploadPendingPerContract() { return Number(read(functionEnv.uploadPendingPerContract) ?? 1000); },
  /** Running copies, ZIPs and tax-office exports a user, and a contract, may have at once (more answer -202). */
  get driveJobsPerUser() { return Number(read(functionEnv.driveJobsPerUser) ?? 3); },
  get driveJobsPerContract() { return Number(read(functionEnv.driveJobsPerContract) ?? 10); },
  /** log2 of scrypt's N for new password hashes: 10 to 20, 15 unless the environment says otherwise. */
  get passwordHashCost() {
    const cost = Number(read(functionEnv.passwordHashCost) ?? 15);
    return Number.isInteger(cost) && cost >= 10 && cost <= 20 ? cost : 15;
  },
  get sessionIdleMinutes() { return Number(read(functionEnv.sessionIdleMinutes) ?? 60); },
  /** An import worker's lease (renewed with every chunk and by a heartbeat): a dead worker is detected after it. */
  get importLeaseSeconds() { return Number(read(functionEnv.importLeaseSeconds) ?? 60); },
  /** Where SAML SP private keys live: SSM parameters under a prefix (AWS) or files in a directory (local). */
  get samlKeyParameterPrefix() { return read(functionEnv.samlKeyParameterPrefix); },
  get samlKeyDir() { return read(functionEnv.samlKeyDir); },
  /** A sibling module's sign-in address in this environment (MODULE_URLS), if it has one. */
  moduleUrl(module: string): string | undefined {
    try {
      const urls = JSON.parse(read(functionEnv.moduleUrls) ?? '{}') as Record<string, unknown>;
      const url = urls[module];
      return typeof url === 'string' && /^https?:\/\//.test(url) ? url : undefined;
    } catch {
      return undefined;
    }
  },
  /** The app's address for links in mails (no trailing slash); unset: no link can be mailed. */
  get appUrl() { return read(functionEnv.appUrl)?.replace(/\/+$/, ''); },
  /** CloudWatch namespace of the EMF metrics (functions/lib/metrics.ts); Powertools' own variable. */
  get metricsNamespace() { return read('POWERTOOLS_METRICS_NAMESPACE') ?? 'ComDrive'; },
  /** The Logger's and metrics' service: the function's name in AWS, `local` on the local stack. */
  get serviceName() { return read('POWERTOOLS_SERVICE_NAME') ?? read('AWS_LAMBDA_FUNCTION_NAME') ?? 'local'; },
  /** Stand-in endpoints of the local stack; unset in AWS. */
  get dynamodbEndpoint() { return read(functionEnv.dynamodbEndpoint); },
  /** Required with a DynamoDB endpoint: the local data is reachable only with the stack's key. */
  get dynamodbAccessKey() { return required(functionEnv.dynamodbAccessKey); },
  get s3Endpoint() { return read(functionEnv.s3Endpoint); },
  /** The local stack's S3 key pair: its S3 endpoint refuses every request not signed with it. */
  get s3AccessKeyId() { return read(functionEnv.s3AccessKeyId); },
  get s3SecretAccessKey() { return read(functionEnv.s3SecretAccessKey); },
  get sesEndpoint() { return read(functionEnv.sesEndpoint); },
};
