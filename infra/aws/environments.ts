import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ObjectLockSettings } from '#lib/object-lock.ts';

/**
 * Per-environment settings, in one place. Chosen with `cdk synth|deploy -c env=<name>`.
 * Nothing account-specific lives here: account and region come from CDK_DEFAULT_ACCOUNT/REGION,
 * and the deployment-specific names (mail sender, web domain, certificate, WAF) are overridden
 * with context values (`-c mailFrom=... -c mailIdentity=... -c webDomain=... -c webCertificateArn=...
 * -c webAclArn=... -c alarmEmail=... -c mailIntakeDomain=...`). The example.com defaults synthesize but must be replaced before a real deploy.
 */
export const envNames = ['dev', 'test', 'bastion', 'customer'] as const;
export type EnvName = (typeof envNames)[number];
export const defaultEnvName: EnvName = 'dev';

export const isEnvName = (value: unknown): value is EnvName =>
  typeof value === 'string' && (envNames as readonly string[]).includes(value);

export interface EnvironmentConfig {
  readonly name: EnvName;
  /** Prefix of every stack name: `ComDrive-<env>-Data` and so on. */
  readonly stackPrefix: string;
  /** What happens to tables, buckets, keys and log groups when a stack is deleted. */
  readonly removalPolicy: RemovalPolicy;
  /** Table deletion protection and stack termination protection. */
  readonly deletionProtection: boolean;
  /** `customer-managed`: one KMS key (rotated yearly) for the tables, the token secret and the files bucket. */
  readonly encryption: 'aws-managed' | 'customer-managed';
  /**
   * S3 Object Lock of legal-style documents (docs/architecture.md "Retention lock (Object Lock)"):
   * COMPLIANCE where the law's retention must hold against everybody (customer); GOVERNANCE with a
   * short cap elsewhere, so those stacks can be torn down. The files bucket is versioned everywhere
   * (Object Lock needs it); superseded versions expire after a day unless locked.
   */
  readonly objectLock: ObjectLockSettings;
  /** Alarms and dashboard (infra/aws/monitoring.ts, docs/operations.md "Alarms"). */
  readonly monitoring: {
    /** Subscribed to the alarm topic (it must confirm the subscription mail); none: subscribe by hand. */
    readonly alarmEmail?: string;
    /** API 5xx answers, percent of requests in five minutes (evaluated from 20 requests on). */
    readonly apiServerErrorPercent: number;
    /** p95 duration of an API function, milliseconds (API Gateway gives up at 30 s, the functions at 25 s). */
    readonly apiP95DurationMs: number;
    /** Function errors (crashes, timeouts) in five minutes that raise the alarm. */
    readonly functionErrors: number;
  };
  /** CloudWatch Logs retention of Lambda and API access logs. */
  readonly logRetention: RetentionDays;
  /** Days S3 server access logs and CloudFront logs are kept. */
  readonly accessLogExpirationDays: number;
  readonly mail: {
    /** MAIL_FROM of the functions. */
    readonly from: string;
    /** SES identity to verify: a domain (`example.com`) or an address (`someone@example.com`). */
    readonly identity: string;
  };
  /**
   * The domain intake addresses are on (`<secret>@<domain>`, docs/operations.md "Receiving mail (SES)"):
   * SES receives its mail into the intake bucket. Unset: no receipt rule, and no function gets
   * MAIL_INTAKE_DOMAIN (the drive answers that this environment receives no mail).
   */
  readonly mailIntakeDomain?: string;
  /** Custom domain for CloudFront; without it the distribution's *.cloudfront.net name is used. */
  readonly web?: {
    readonly domainName: string;
    /** ACM certificate in us-east-1 covering domainName. */
    readonly certificateArn: string;
  };
  /** WAFv2 web ACL (scope CLOUDFRONT, in us-east-1) to attach to the distribution, when there is one. */
  readonly webAclArn?: string;
  /** Idle minutes after which a session's token answers -102. */
  readonly sessionIdleMinutes: number;
  /**
   * Days an audit record is kept (DynamoDB TTL set when it is written: AUDIT_RETENTION_DAYS of the
   * functions). The correction and deletion history of bookkeeping documents is not an audit record:
   * it stays with its document for the document's legal retention (docs/e-bookkeeping.md).
   */
  readonly auditRetentionDays: number;
  /** Running copies, ZIPs and tax-office exports a user and a contract may have at once (DRIVE_JOBS_PER_USER, DRIVE_JOBS_PER_CONTRACT; more answer -202). */
  readonly driveJobs: { readonly perUser: number; readonly perContract: number };
  /** Sibling modules' sign-in addresses (`-c propertyUrl=https://…`): link_to_atp answers the property one. */
  readonly moduleUrls?: Readonly<Record<string, string>>;
  /** Length of the generated token signing secret. */
  readonly tokenSecretLength: number;
  /** HTTP API stage throttling, requests per second and burst. */
  readonly apiThrottle: { readonly rateLimit: number; readonly burstLimit: number };
  /** Memory of the API functions (scrypt in sign-in is CPU bound; CPU scales with memory). */
  readonly apiMemoryMb: number;
  /**
   * The WAF rate-based rule on the public calls (sign-in, second steps, SSO: edge-stack.ts): requests
   * one IP address may make to them per window before WAF blocks it for the rest of the window. A
   * whole office behind one NAT address signs in through it, so the limit leaves room for that
   * (about three public calls per sign-in).
   */
  readonly edge: { readonly publicCallsPerIp: number; readonly evaluationWindowSeconds: 60 | 120 | 300 | 600 };
}

type Defaults = Omit<EnvironmentConfig, 'name' | 'stackPrefix'>;

const base: Defaults = {
  removalPolicy: RemovalPolicy.DESTROY,
  deletionProtection: false,
  encryption: 'aws-managed',
  objectLock: { mode: 'GOVERNANCE', maxRetentionDays: 1 },
  monitoring: { apiServerErrorPercent: 5, apiP95DurationMs: 5000, functionErrors: 1 },
  logRetention: RetentionDays.TWO_WEEKS,
  accessLogExpirationDays: 30,
  mail: { from: 'no-reply@example.com', identity: 'example.com' },
  sessionIdleMinutes: 60,
  auditRetentionDays: 90,
  driveJobs: { perUser: 3, perContract: 10 },
  tokenSecretLength: 64,
  apiThrottle: { rateLimit: 50, burstLimit: 100 },
  apiMemoryMb: 1024,
  edge: { publicCallsPerIp: 300, evaluationWindowSeconds: 300 },
};

const perEnvironment: Record<EnvName, Defaults> = {
  dev: base,
  test: { ...base, mail: { from: 'no-reply@test.example.com', identity: 'test.example.com' } },
  bastion: {
    ...base,
    removalPolicy: RemovalPolicy.RETAIN,
    logRetention: RetentionDays.THREE_MONTHS,
    accessLogExpirationDays: 90,
    auditRetentionDays: 400,
    mail: { from: 'no-reply@bastion.example.com', identity: 'bastion.example.com' },
  },
  customer: {
    ...base,
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    encryption: 'customer-managed',
    // The law's retention holds against everybody, the account's root user included.
    objectLock: { mode: 'COMPLIANCE' },
    logRetention: RetentionDays.ONE_YEAR,
    accessLogExpirationDays: 365,
    // Seven years: what a support inquiry or an auditor may ask about.
    auditRetentionDays: 2557,
    apiThrottle: { rateLimit: 500, burstLimit: 1000 },
    // Up to about 1,000 users of one contract signing in within five minutes from one address.
    edge: { publicCallsPerIp: 3000, evaluationWindowSeconds: 300 },
  },
};

/** Context keys that override the per-deployment names above. */
export const contextKeys = {
  env: 'env',
  mailFrom: 'mailFrom',
  mailIdentity: 'mailIdentity',
  webDomain: 'webDomain',
  webCertificateArn: 'webCertificateArn',
  webAclArn: 'webAclArn',
  sessionIdleMinutes: 'sessionIdleMinutes',
  alarmEmail: 'alarmEmail',
  propertyUrl: 'propertyUrl',
  mailIntakeDomain: 'mailIntakeDomain',
} as const;

/** A DNS name of two labels or more (lower case). */
const domainPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

type ContextReader = (key: string) => unknown;

const text = (read: ContextReader, key: string): string | undefined => {
  const value = read(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** The settings of one environment, with context overrides applied and checked. */
export const loadEnvironment = (name: EnvName, read: ContextReader = () => undefined): EnvironmentConfig => {
  const defaults = perEnvironment[name];
  const mail = {
    from: text(read, contextKeys.mailFrom) ?? defaults.mail.from,
    identity: text(read, contextKeys.mailIdentity) ?? defaults.mail.identity,
  };
  const senderDomain = mail.from.split('@')[1];
  if (mail.identity.includes('@') ? mail.identity !== mail.from : senderDomain !== mail.identity) {
    throw new Error(`env ${name}: mail sender ${mail.from} is not covered by the SES identity ${mail.identity}`);
  }

  const domainName = text(read, contextKeys.webDomain);
  const certificateArn = text(read, contextKeys.webCertificateArn);
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new Error(`env ${name}: ${contextKeys.webDomain} and ${contextKeys.webCertificateArn} go together`);
  }
  const web = domainName && certificateArn ? { domainName, certificateArn } : defaults.web;

  const idle = text(read, contextKeys.sessionIdleMinutes);
  const sessionIdleMinutes = idle === undefined ? defaults.sessionIdleMinutes : Number(idle);
  if (!Number.isInteger(sessionIdleMinutes) || sessionIdleMinutes < 1) {
    throw new Error(`env ${name}: ${contextKeys.sessionIdleMinutes} must be a positive integer`);
  }

  const webAclArn = text(read, contextKeys.webAclArn) ?? defaults.webAclArn;
  const alarmEmail = text(read, contextKeys.alarmEmail) ?? defaults.monitoring.alarmEmail;
  if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) {
    throw new Error(`env ${name}: ${contextKeys.alarmEmail} must be an e-mail address`);
  }
  if (!(Number.isInteger(defaults.auditRetentionDays) && defaults.auditRetentionDays >= 1)) {
    throw new Error(`env ${name}: auditRetentionDays must be a positive whole number`);
  }
  if (defaults.objectLock.mode === 'GOVERNANCE' && !(Number.isInteger(defaults.objectLock.maxRetentionDays) && defaults.objectLock.maxRetentionDays >= 1)) {
    throw new Error(`env ${name}: objectLock.maxRetentionDays must be a positive whole number`);
  }
  const propertyUrl = text(read, contextKeys.propertyUrl);
  if (propertyUrl !== undefined && !/^https:\/\/[^\s]+$/.test(propertyUrl)) {
    throw new Error(`env ${name}: ${contextKeys.propertyUrl} must be an https address`);
  }
  // Lower case without the root's dot, as functions/lib/config.ts reads MAIL_INTAKE_DOMAIN.
  const mailIntakeDomain = (text(read, contextKeys.mailIntakeDomain) ?? defaults.mailIntakeDomain)?.toLowerCase().replace(/\.$/, '');
  if (mailIntakeDomain !== undefined && !domainPattern.test(mailIntakeDomain)) {
    throw new Error(`env ${name}: ${contextKeys.mailIntakeDomain} must be a domain name (like in.example.co.jp)`);
  }
  return {
    ...defaults,
    ...(mailIntakeDomain ? { mailIntakeDomain } : {}),
    ...(propertyUrl ? { moduleUrls: { property: propertyUrl } } : {}),
    monitoring: { ...defaults.monitoring, ...(alarmEmail ? { alarmEmail } : {}) },
    name,
    stackPrefix: `ComDrive-${name}`,
    mail,
    sessionIdleMinutes,
    ...(web ? { web } : {}),
    ...(webAclArn ? { webAclArn } : {}),
  };
};
