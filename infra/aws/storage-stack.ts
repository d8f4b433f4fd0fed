import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AnyPrincipal, Effect, ManagedPolicy, PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnMalwareProtectionPlan } from 'aws-cdk-lib/aws-guardduty';
import { BlockPublicAccess, Bucket, BucketEncryption, EventType, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Match, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Secret, type CfnSecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { AppFunction, type AppFunctionProps, type FunctionSettings } from './app-function.ts';
import { previewsArchitecture, type backgroundFunctionNames } from './bundling.ts';
import type { DataStack } from './data-stack.ts';
import { filesBucketCors, filesBucketLayout, malwareScan } from '#lib/table-design.ts';
import type { EnvironmentConfig } from './environments.ts';
import type { BackgroundWatch } from './monitoring.ts';
import { acknowledge, acknowledgeBucketNotificationsHandler, objectPatternFinding, objectPrefixFinding } from './nag.ts';
import {
  exportFilesStatement,
  grantImportFiles,
  importJobObjects,
  grantDriveJobWrites,
  grantDiscardUploads,
  grantKeyUse,
  grantObjectRetention,
  grantReadFiles,
  grantSecretRead,
  grantTableAppend,
  grantWriteRenditions,
  renditionObjects,
  grantTableReadWrite,
  objectRetentionStatement,
  presignFilesStatement,
  tenantObjectPrefix,
  zipDownloadStatement,
} from './permissions.ts';
import { createLogBucket } from './log-bucket.ts';
import { addMailReceiving, createIntakeBucket, createIntakeKey, intakeMailPrefix, type MailReceiving } from './mail-intake.ts';

/** The marker objects that start drive jobs (functions/domain/drive/jobs.ts `driveJobMarkerKey`). */
const driveJobMarkerPattern = 't/*/drive-jobs/*';
const driveJobRunPattern = 't/*/drive-jobs/*/run';

export interface StorageStackProps extends StackProps {
  readonly config: EnvironmentConfig;
  readonly data: DataStack;
  /**
   * Origins the browser uploads from and downloads to (`https://<host>`). The web stack is
   * deployed before this one, so its CloudFront domain is known here without a cycle.
   */
  readonly webOrigins: string[];
  /** The product's address, for the links import jobs mail (an imported user's invitation). */
  readonly appUrl: string;
  /** The SES identity import jobs send the invitations from. */
  readonly mailIdentity: IEmailIdentity;
}

/** The files bucket (bytes go browser <-> S3 through presigned URLs) and the functions its events run. */
export class StorageStack extends Stack {
  readonly filesBucket: Bucket;
  /**
   * What the drive Lambda needs to sign upload and download URLs. Kept here, beside the bucket, and
   * attached to the drive role by the api stack (the stack that owns the bucket owns who may
   * touch its bytes).
   */
  readonly presignFilesPolicy: ManagedPolicy;
  /** What the imports Lambda needs to write exports and templates and sign their downloads. */
  readonly exportFilesPolicy: ManagedPolicy;
  /** What the drive Lambda needs to sign the download of a finished ZIP (exports/). */
  readonly zipDownloadPolicy: ManagedPolicy;
  /** What the drive Lambda needs to lock and extend the lock of legal-style documents' bytes (Object Lock). */
  readonly driveJobMarkersPolicy: ManagedPolicy;
  readonly objectRetentionPolicy: ManagedPolicy;
  /** The functions the bucket's events and the schedule run (monitored by infra/aws/monitoring.ts). */
  readonly functions: Readonly<Record<(typeof backgroundFunctionNames)[number], IFunction>>;
  /**
   * How the monitoring stack watches them where its defaults do not fit: extraction's runs take seconds
   * against a timeout of two minutes, and it fails on purpose while storage-events has not confirmed
   * the bytes yet (VersionNotConfirmed), which the retries resolve.
   */
  readonly watch: Readonly<Partial<Record<(typeof backgroundFunctionNames)[number], BackgroundWatch>>> = {
    extraction: { p95DurationMs: 60_000, failsUntilReady: true },
  };
  /** The National Tax Agency Web-API's application ID, an operator's secret (addInvoiceRegistrySecret). */
  readonly invoiceRegistrySecret: Secret;
  /** Raw received mail (infra/aws/mail-intake.ts), the intake function's input. */
  readonly intakeBucket: Bucket;
  /** SES receiving, where the environment has a mailIntakeDomain. */
  readonly mailReceiving: MailReceiving | undefined;

  constructor(scope: Construct, id: string, props: StorageStackProps) {
    super(scope, id, props);
    const { config, data } = props;
    const destroy = config.removalPolicy === RemovalPolicy.DESTROY;

    const accessLogs = createLogBucket(this, 'AccessLogs', config);

    this.filesBucket = new Bucket(this, 'FilesBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      ...(data.key
        ? { encryption: BucketEncryption.KMS, encryptionKey: data.key, bucketKeyEnabled: true }
        : { encryption: BucketEncryption.S3_MANAGED }),
      enforceSSL: true,
      // Object Lock (docs/architecture.md "Retention lock (Object Lock)"): legal-style documents'
      // versions are locked one by one (functions/lib/object-lock.ts) in the environment's mode.
      // No default retention: it would lock every object, general documents and the trash included.
      // Object Lock needs versioning, so every environment keeps versions now. NOTE: on a stack
      // deployed before, CloudFormation replaces the bucket for this (docs/operations.md).
      objectLockEnabled: true,
      versioned: true,
      cors: [
        {
          allowedOrigins: props.webOrigins,
          allowedMethods: filesBucketCors.methods.map((method) => HttpMethods[method]),
          allowedHeaders: ['*'],
          exposedHeaders: [...filesBucketCors.exposedHeaders],
          maxAge: filesBucketCors.maxAgeSeconds,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // With versioning a delete (or an overwrite) only makes the old bytes a non-current version:
        // they go a day later, so deleting a general file still frees its storage. A locked version
        // cannot expire before its retention ends (S3 skips it until then), which is the point.
        // Delete markers left with no version behind them are removed too.
        { id: 'ExpireNoncurrentVersions', noncurrentVersionExpiration: Duration.days(1), expiredObjectDeleteMarker: true },
        // Exports and templates are fetched right after they are written; nobody needs them a day later.
        { id: 'ExpireExports', prefix: filesBucketLayout.exportPrefix, expiration: Duration.days(filesBucketLayout.exportRetentionDays) },
      ],
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'files/',
      // GuardDuty's malware scans start from the bucket's EventBridge events; declared here so that
      // the notifications CDK writes keep them (GuardDuty would otherwise switch them on behind CDK).
      eventBridgeEnabled: true,
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: destroy,
    });
    // Read by `npm run tenant -- export|delete ... --env <name>` (a contract's objects).
    new CfnOutput(this, 'FilesBucketName', { value: this.filesBucket.bucketName });

    const settings: FunctionSettings = {
      tableName: data.main.table.tableName,
      auditTableName: data.audit.table.tableName,
      bucketName: this.filesBucket.bucketName,
      mailFrom: config.mail.from,
      sessionIdleMinutes: config.sessionIdleMinutes,
      auditRetentionDays: config.auditRetentionDays,
    };
    // Who locks legal-style documents' bytes (Object Lock) gets its settings: storage-events and drive-jobs.
    const locking: FunctionSettings = { ...settings, objectLock: config.objectLock };
    const storageEventsFunction = this.backgroundFunction(config, data, 'StorageEvents', {
      name: 'storage-events',
      description: `ComDrive ${config.name}: confirms uploads (size, checks, version), records malware verdicts, releases abandoned uploads and purges`,
      settings: locking,
      // A bookkeeping document's bytes are hashed whole (up to 5 GB) and a scanned page decoded whole
      // for the scanner checks (docs/e-bookkeeping.md).
      memorySize: 2048,
      timeout: Duration.minutes(15),
      // The scanner checks load sharp and pdfjs-dist at run time, as the previews function does:
      // their files beside the bundle, on the architecture they were installed for.
      architecture: previewsArchitecture,
    });
    const storageEvents = storageEventsFunction.fn;
    grantTableAppend(storageEvents, data.audit);
    grantReadFiles(storageEvents, this.filesBucket, true);
    // Confirming a legal-style upload locks its version (functions/lib/object-lock.ts).
    grantObjectRetention(storageEvents, this.filesBucket);
    // Abandoned uploads (their multipart upload and unconfirmed bytes) and purged files' bytes.
    grantDiscardUploads(storageEvents, this.filesBucket);
    this.filesBucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(storageEvents), {
      prefix: tenantObjectPrefix,
    });
    acknowledge(
      storageEventsFunction.role,
      objectPrefixFinding(this.filesBucket, tenantObjectPrefix),
      'Reads objects under the tenant prefix t/ only; object keys are created per upload, so ' +
        'the prefix is the narrowest resource that can be named.',
    );

    const importJobs = this.addImportJobs(config, data, { ...settings, appUrl: props.appUrl }, props.mailIdentity);
    const driveJobs = this.addDriveJobs(config, data, locking);

    // Every minute: jobs whose worker died are resumed or ended, abandoned uploads (their name claim,
    // reservation and multipart upload) released, never by TTL alone, and purges carried on.
    new Rule(this, 'SweepAbandonedUploads', {
      description: `ComDrive ${config.name}: recover dead import and drive jobs, release abandoned uploads, purge (storage-events, import-jobs, drive-jobs)`,
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [storageEvents, importJobs, driveJobs].map((fn) => new LambdaFunction(fn, { retryAttempts: 2 })),
    });

    this.addMalwareProtection(config.name, storageEvents, data.key);
    const previews = this.addPreviews(config, data, settings);
    this.invoiceRegistrySecret = this.addInvoiceRegistrySecret(config, data);
    const extraction = this.addExtraction(config, data, settings, this.invoiceRegistrySecret);
    const intakeKey = data.key ? createIntakeKey(this, config) : undefined;
    this.intakeBucket = createIntakeBucket(this, config, accessLogs, intakeKey);
    new CfnOutput(this, 'IntakeBucketName', { value: this.intakeBucket.bucketName });
    const intake = this.addIntake(config, data, settings, intakeKey);
    this.mailReceiving = config.mailIntakeDomain
      ? addMailReceiving(this, config, config.mailIntakeDomain, this.intakeBucket, intakeKey)
      : undefined;
    if (this.mailReceiving) {
      // Read by the operator activating the rule set (docs/operations.md "Receiving mail (SES)").
      new CfnOutput(this, 'MailIntakeRuleSetName', { value: this.mailReceiving.ruleSet.receiptRuleSetName });
    }
    this.functions = { 'storage-events': storageEvents, 'import-jobs': importJobs, 'drive-jobs': driveJobs, previews, extraction, intake };

    acknowledgeBucketNotificationsHandler(this);

    this.presignFilesPolicy = new ManagedPolicy(this, 'PresignFilesPolicy', {
      description: `ComDrive ${config.name}: sign presigned PUT/GET URLs for tenant objects`,
      statements: [presignFilesStatement(this.filesBucket)],
    });
    this.exportFilesPolicy = new ManagedPolicy(this, 'ExportFilesPolicy', {
      description: `ComDrive ${config.name}: write CSV exports and sign their downloads`,
      statements: [exportFilesStatement(this.filesBucket, filesBucketLayout.exportPrefix)],
    });
    acknowledge(
      this.exportFilesPolicy,
      objectPrefixFinding(this.filesBucket, filesBucketLayout.exportPrefix),
      'Writes and signs downloads of exports under exports/ only; each export gets a new key, so ' +
        'the prefix is the narrowest resource that can be named.',
    );
    this.objectRetentionPolicy = new ManagedPolicy(this, 'ObjectRetentionPolicy', {
      description: `ComDrive ${config.name}: lock and lengthen the lock of legal-style documents' bytes (never bypass or shorten)`,
      statements: [objectRetentionStatement(this.filesBucket)],
    });
    acknowledge(
      this.objectRetentionPolicy,
      objectPrefixFinding(this.filesBucket, tenantObjectPrefix),
      'Puts and reads the Object Lock retention of tenant objects under t/ only; keys are created per ' +
        'upload, so the prefix is the narrowest resource that can be named. No bypass of governance retention.',
    );
    // The common settings start the job that lengthens bookkeeping retentions (functions/domain/drive/retention-extension.ts).
    this.driveJobMarkersPolicy = new ManagedPolicy(this, 'DriveJobMarkersPolicy', {
      description: `ComDrive ${config.name}: start drive jobs (their marker objects under t/<contract>/drive-jobs/)`,
      statements: [new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.filesBucket.arnForObjects(driveJobMarkerPattern)] })],
    });
    acknowledge(
      this.driveJobMarkersPolicy,
      objectPatternFinding(this.filesBucket, driveJobMarkerPattern),
      'Writes drive jobs\' empty marker objects only (t/<contract>/drive-jobs/<job>/run); the job id is new ' +
        'per job, so the pattern is the narrowest resource that can be named.',
    );
    this.zipDownloadPolicy = new ManagedPolicy(this, 'ZipDownloadPolicy', {
      description: `ComDrive ${config.name}: sign downloads of the drive's ZIP files`,
      statements: [zipDownloadStatement(this.filesBucket, filesBucketLayout.exportPrefix)],
    });
    acknowledge(
      this.zipDownloadPolicy,
      objectPrefixFinding(this.filesBucket, filesBucketLayout.exportPrefix),
      'Signs downloads of ZIP files under exports/ only; each ZIP gets a new key, so the prefix is ' +
        'the narrowest resource that can be named.',
    );
    acknowledge(
      this.presignFilesPolicy,
      objectPrefixFinding(this.filesBucket, tenantObjectPrefix),
      'Presigned PUT/GET for objects under the tenant prefix t/ only; keys are created per upload, ' +
        'so the prefix is the narrowest resource that can be named.',
    );
  }

  /** A function the bucket's events or the schedule run, with what each of them needs: the main table and the key. */
  private backgroundFunction(
    config: EnvironmentConfig, data: DataStack, id: string,
    props: Omit<AppFunctionProps, 'logRetention' | 'removalPolicy'>,
  ): AppFunction {
    const made = new AppFunction(this, id, { ...props, logRetention: config.logRetention, removalPolicy: config.removalPolicy });
    grantTableReadWrite(made.fn, data.main);
    grantKeyUse(made.fn, data.key);
    return made;
  }

  /** The bucket's EventBridge "Object Created" events for the keys `key` matches (Match.prefix, Match.wildcard) run `fn`. */
  private runOnObjectsCreated(id: string, description: string, key: string[], fn: IFunction): void {
    new Rule(this, id, {
      description,
      eventPattern: {
        source: ['aws.s3'],
        detailType: ['Object Created'],
        detail: { bucket: { name: [this.filesBucket.bucketName] }, object: { key } },
      },
      targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
    });
  }

  /**
   * CSV import jobs (functions/import-jobs): run by their objects' EventBridge events, apart from the
   * uploads, with the most time Lambda allows and rights on the imports' objects only.
   */
  private addImportJobs(config: EnvironmentConfig, data: DataStack, settings: FunctionSettings, mailIdentity: IEmailIdentity): IFunction {
    const importJobs = this.backgroundFunction(config, data, 'ImportJobs', {
      name: 'import-jobs',
      description: `ComDrive ${config.name}: runs CSV import jobs (users, user groups, legal entities) from their uploaded files`,
      settings,
      // A 10,000-row job runs here: the most Lambda allows, and memory for a 20 MB file decoded and
      // parsed at once.
      memorySize: 2048,
      timeout: Duration.minutes(15),
    });
    grantTableAppend(importJobs.fn, data.audit);
    // An import with the invite option mails each new user a link to set a password (domain/user-invitations.ts).
    mailIdentity.grant(importJobs.fn, 'ses:SendEmail');
    grantImportFiles(importJobs.fn, this.filesBucket, filesBucketLayout.importObjects);
    this.runOnObjectsCreated(
      'ImportJobsOnObjectCreated', `ComDrive ${config.name}: run, resume or purge CSV import jobs (import-jobs)`,
      Match.wildcard(`${filesBucketLayout.importObjects}*`), importJobs.fn,
    );
    for (const pattern of Object.values(importJobObjects(filesBucketLayout.importObjects))) {
      acknowledge(
        importJobs.role,
        objectPatternFinding(this.filesBucket, pattern),
        'Reads an import job\'s file, writes its resume marker and deletes its files, under ' +
          't/<contract>/imports/<job>/ only; job ids are created per import, so the pattern is the narrowest resource that can be named.',
      );
    }
    return importJobs.fn;
  }

  /**
   * Drive jobs (functions/drive-jobs): copies, ZIPs, the tax office's CSV, retention and tag sweeps,
   * run by their markers' EventBridge events.
   */
  private addDriveJobs(config: EnvironmentConfig, data: DataStack, settings: FunctionSettings): IFunction {
    const driveJobs = this.backgroundFunction(config, data, 'DriveJobs', {
      name: 'drive-jobs',
      description: `ComDrive ${config.name}: runs drive jobs (copies, ZIP downloads, the tax office's CSV, retention and tag sweeps)`,
      settings,
      // A ZIP streams its files through 8 MiB parts; the tax office's CSV is built whole.
      memorySize: 2048,
      timeout: Duration.minutes(15),
    });
    grantTableAppend(driveJobs.fn, data.audit);
    grantReadFiles(driveJobs.fn, this.filesBucket, false);
    // Copies of bookkeeping documents are locked; the retention job lengthens locks.
    grantObjectRetention(driveJobs.fn, this.filesBucket);
    grantDriveJobWrites(driveJobs.fn, this.filesBucket, filesBucketLayout.exportPrefix);
    // A failed copy removes the bytes it copied.
    grantDiscardUploads(driveJobs.fn, this.filesBucket);
    this.runOnObjectsCreated(
      'DriveJobsOnObjectCreated', `ComDrive ${config.name}: run or resume drive jobs from their markers (drive-jobs)`,
      Match.wildcard(driveJobRunPattern), driveJobs.fn,
    );
    acknowledge(
      driveJobs.role,
      objectPrefixFinding(this.filesBucket, tenantObjectPrefix),
      'Reads, copies and removes copied bytes of tenant objects under t/ only (a copy job\'s sources and ' +
        'copies); object keys are created per upload, so the prefix is the narrowest resource that can be named.',
    );
    acknowledge(
      driveJobs.role,
      objectPrefixFinding(this.filesBucket, filesBucketLayout.exportPrefix),
      'Writes the ZIPs and CSVs of drive jobs under exports/ only (each job gets a new key, and the ' +
        'prefix expires after a day), so the prefix is the narrowest resource that can be named.',
    );
    return driveJobs.fn;
  }

  /**
   * Previews (docs/drive.md "Preview"): a function of its own, so that sharp, pdfjs-dist and their
   * native binaries (copied beside its bundle, on the architecture they were installed for) load
   * nowhere else. The bucket's EventBridge events (already on for GuardDuty) run it for every object
   * created under `t/`: S3 allows one notification per event type and prefix, which storage-events has.
   */
  private addPreviews(config: EnvironmentConfig, data: DataStack, settings: FunctionSettings): IFunction {
    const previews = this.backgroundFunction(config, data, 'Previews', {
      name: 'previews',
      description: `ComDrive ${config.name}: thumbnails and page renditions of images and PDFs, made once when a file's bytes arrive`,
      settings,
      // A 50 MB image or PDF decoded and drawn at 1600 px.
      memorySize: 2048,
      timeout: Duration.minutes(2),
      architecture: previewsArchitecture,
    });
    grantReadFiles(previews.fn, this.filesBucket, true);
    grantWriteRenditions(previews.fn, this.filesBucket);
    this.runOnObjectsCreated(
      'PreviewsOnObjectCreated', `ComDrive ${config.name}: make previews of new files' bytes (previews)`, Match.prefix(tenantObjectPrefix), previews.fn,
    );
    acknowledge(
      previews.role,
      objectPrefixFinding(this.filesBucket, tenantObjectPrefix),
      'Reads the bytes of new versions under the tenant prefix t/ to judge their type and draw them; ' +
        'object keys are created per upload, so the prefix is the narrowest resource that can be named.',
    );
    for (const pattern of renditionObjects) {
      acknowledge(
        previews.role,
        objectPatternFinding(this.filesBucket, pattern),
        'Writes preview renditions only (t/<contract>/<file>/v<n>.thumb.webp and .page.webp), beside bytes ' +
          'whose keys are created per upload: the pattern is the narrowest resource that can be named.',
      );
    }
    return previews.fn;
  }

  /**
   * The application ID of the National Tax Agency's invoice registry Web-API (適格請求書発行事業者公表システム),
   * issued to the operator on application: a secret per environment, created without a value (CDK
   * would otherwise generate a random one, which the Web-API would refuse as an ID) and never
   * overwritten by a deploy. Until an operator puts the ID, the extraction function checks a
   * qualified invoice number's check digit only (functions/domain/extraction/invoice-registry.ts).
   */
  private addInvoiceRegistrySecret(config: EnvironmentConfig, data: DataStack): Secret {
    const secret = new Secret(this, 'InvoiceRegistrySecret', {
      description: `ComDrive ${config.name}: application ID of the National Tax Agency's invoice registry Web-API. ` +
        'Created empty: an operator puts the ID issued for this environment as the plain-text value; without it only check digits are checked.',
      ...(data.key ? { encryptionKey: data.key } : {}),
      removalPolicy: config.removalPolicy,
    });
    (secret.node.defaultChild as CfnSecret).addPropertyDeletionOverride('GenerateSecretString');
    acknowledge(
      secret,
      'AwsSolutions-SMG4',
      'The value is an application ID the National Tax Agency issues on application, not a credential a Lambda could ' +
        'generate: an operator puts a new one when the agency reissues it (no rotation function can).',
    );
    // Read by the operator putting the ID: `aws secretsmanager put-secret-value --secret-id <arn> --secret-string <id>`.
    new CfnOutput(this, 'InvoiceRegistrySecretArn', { value: secret.secretArn });
    return secret;
  }

  /**
   * Extraction (docs/e-bookkeeping.md "Fields read from the document"): bookkeeping fields read from a
   * new version's bytes, by a PDF's text layer or OCR, and kept apart for a person to confirm. A
   * function of its own, so tesseract.js, its WebAssembly and its trained data (copied beside its
   * bundle with sharp, pdfjs-dist and @napi-rs/canvas) load nowhere else. Run like previews by the
   * bucket's EventBridge events under `t/`; it reads bytes and writes table items, never an object.
   */
  private addExtraction(config: EnvironmentConfig, data: DataStack, settings: FunctionSettings, invoiceRegistrySecret: Secret): IFunction {
    const extraction = this.backgroundFunction(config, data, 'Extraction', {
      name: 'extraction',
      description: `ComDrive ${config.name}: reads bookkeeping fields (date, amount, partner, invoice number) from new files' text layer or by OCR, for confirmation`,
      settings,
      // OCR is CPU-bound and Lambda's CPU grows with memory: 3008 MB is about 1.7 vCPUs, so the cold
      // start's two tesseract workers (WebAssembly compiled, trained data unpacked) start beside each
      // other and beside sharp's threads. Measured on one core against two, a dense A4 page at 200 dpi
      // took 8.3 s against 4.8 s as the first (later pages ~4 s either way: one worker reads them one
      // after another, so more memory buys nothing there), with about 440 MB resident: room to spare
      // for a 20 MB PDF and its pages drawn.
      memorySize: 3008,
      // At most 3 pages, each ~4-5 s at 200 dpi, and a registry call of at most 3 s: a long safety margin.
      timeout: Duration.minutes(2),
      // sharp and @napi-rs/canvas are native: the architecture their binaries were installed for.
      architecture: previewsArchitecture,
    });
    const fn = extraction.fn;
    // Reads a version's bytes by its key (never by version id): GetObject under t/ only, no write of any object.
    grantReadFiles(fn, this.filesBucket, false);
    grantSecretRead(fn, invoiceRegistrySecret);
    // The name functions/domain/extraction/invoice-registry.ts reads (INVOICE_REGISTRY_SECRET_ENV).
    fn.addEnvironment('INVOICE_REGISTRY_SECRET_ARN', invoiceRegistrySecret.secretArn);
    // Bytes storage-events has not confirmed yet (both run on the same event) fail with
    // VersionNotConfirmed, and Lambda's asynchronous retries deliver the event again about one and
    // three minutes later (the rule's own retries cover only handing the event to Lambda); an event
    // that waited for concurrency is still read within six hours.
    fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6) });
    this.runOnObjectsCreated(
      'ExtractionOnObjectCreated', `ComDrive ${config.name}: read bookkeeping fields from new files' bytes (extraction)`, Match.prefix(tenantObjectPrefix), fn,
    );
    acknowledge(
      extraction.role,
      objectPrefixFinding(this.filesBucket, tenantObjectPrefix),
      'Reads the bytes of new versions under the tenant prefix t/ to read their fields (no write of any object); ' +
        'object keys are created per upload, so the prefix is the narrowest resource that can be named.',
    );
    return fn;
  }

  /**
   * The intake function (functions/intake): each raw mail SES writes under `mail/` of the intake
   * bucket becomes received files under the tenant's prefix of the files bucket (their bytes then
   * confirmed, scanned and read by the functions above, as an upload's). It reads and deletes raw mail,
   * writes new objects under `t/` (never reads, overwrites the lock of or deletes a tenant's object:
   * no GetObject, no retention, no DeleteObject there) and the main table; it mails nobody.
   */
  private addIntake(config: EnvironmentConfig, data: DataStack, settings: FunctionSettings, intakeKey: IKey | undefined): IFunction {
    const intake = this.backgroundFunction(config, data, 'Intake', {
      name: 'intake',
      description: `ComDrive ${config.name}: received mail (SES, raw MIME in the intake bucket) into received files of the addressed folder`,
      settings: {
        ...settings,
        intakeBucketName: this.intakeBucket.bucketName,
        ...(config.mailIntakeDomain ? { mailIntakeDomain: config.mailIntakeDomain } : {}),
      },
      // A mail of up to 40 MB (SES's limit) parsed whole, its base64 attachments decoded beside it.
      memorySize: 2048,
      // The most Lambda allows: a mail is never cut off halfway through its attachments, whose
      // Message-ID would then make a retry write nothing (duplicates make nothing new).
      timeout: Duration.minutes(15),
    });
    const fn = intake.fn;
    fn.addToRolePolicy(new PolicyStatement({
      actions: ['s3:GetObject', 's3:DeleteObject'],
      resources: [this.intakeBucket.arnForObjects(`${intakeMailPrefix}*`)],
    }));
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.filesBucket.arnForObjects(`${tenantObjectPrefix}*`)] }));
    if (intakeKey) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['kms:Decrypt'], resources: [intakeKey.keyArn] }));
    }
    this.intakeBucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(fn), { prefix: intakeMailPrefix });
    acknowledge(
      intake.role,
      objectPrefixFinding(this.intakeBucket, intakeMailPrefix),
      'Reads and deletes raw mail under mail/ of the intake bucket only; SES names each object by its message, ' +
        'so the prefix is the narrowest resource that can be named.',
    );
    acknowledge(
      intake.role,
      objectPrefixFinding(this.filesBucket, tenantObjectPrefix),
      'Writes new received files under the tenant prefix t/ only (no read, delete or retention there); keys are ' +
        'created per file, so the prefix is the narrowest resource that can be named.',
    );
    return fn;
  }

  /**
   * GuardDuty Malware Protection for S3 (docs/drive.md "Malware scanning"): every object under `t/`
   * is scanned on arrival and tagged with the verdict; the verdict's event runs storage-events, which
   * records it on the file; and the bucket refuses to read an object tagged as a threat, whoever
   * asks (presigned downloads, copies, ZIP jobs), so nothing depends on the event having arrived.
   */
  private addMalwareProtection(name: string, storageEvents: AppFunction['fn'], key: DataStack['key']): void {
    const bucket = this.filesBucket;
    const scannerRole = new Role(this, 'MalwareProtectionRole', {
      description: `ComDrive ${name}: GuardDuty Malware Protection scans and tags the files bucket's objects`,
      assumedBy: new ServicePrincipal('malware-protection-plan.guardduty.amazonaws.com'),
      inlinePolicies: {
        scan: new PolicyDocument({
          statements: [
            // The managed EventBridge rule GuardDuty keeps on the bucket's events (its documented role policy).
            new PolicyStatement({
              actions: ['events:PutRule', 'events:DeleteRule', 'events:PutTargets', 'events:RemoveTargets'],
              resources: [this.formatArn({ service: 'events', resource: 'rule', resourceName: 'DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*' })],
              conditions: { StringLike: { 'events:ManagedBy': 'malware-protection-plan.guardduty.amazonaws.com' } },
            }),
            new PolicyStatement({
              actions: ['events:DescribeRule', 'events:ListTargetsByRule'],
              resources: [this.formatArn({ service: 'events', resource: 'rule', resourceName: 'DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*' })],
            }),
            new PolicyStatement({
              actions: ['s3:GetObject', 's3:GetObjectVersion', 's3:GetObjectTagging', 's3:GetObjectVersionTagging', 's3:PutObjectTagging', 's3:PutObjectVersionTagging'],
              resources: [bucket.arnForObjects(`${tenantObjectPrefix}*`)],
            }),
            new PolicyStatement({ actions: ['s3:PutObject'], resources: [bucket.arnForObjects('malware-protection-resource-validation-object')] }),
            new PolicyStatement({ actions: ['s3:ListBucket', 's3:GetBucketNotification', 's3:PutBucketNotification'], resources: [bucket.bucketArn] }),
            ...(key
              ? [new PolicyStatement({
                  actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
                  resources: [key.keyArn],
                  conditions: { StringLike: { 'kms:ViaService': `s3.${this.region}.amazonaws.com` } },
                })]
              : []),
          ],
        }),
      },
    });
    acknowledge(
      scannerRole,
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:events:<AWS::Region>:<AWS::AccountId>:rule/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*]',
      "GuardDuty names the EventBridge rule it manages on the bucket itself, under this fixed prefix (GuardDuty's documented role policy for Malware Protection for S3).",
    );
    acknowledge(
      scannerRole,
      objectPrefixFinding(bucket, tenantObjectPrefix),
      'GuardDuty reads and tags every object it scans under the tenant prefix t/; keys are created per upload, so the prefix is the narrowest resource that can be named.',
    );
    const plan = new CfnMalwareProtectionPlan(this, 'MalwareProtectionPlan', {
      role: scannerRole.roleArn,
      protectedResource: { s3Bucket: { bucketName: bucket.bucketName, objectPrefixes: [tenantObjectPrefix] } },
      actions: { tagging: { status: 'ENABLED' } },
    });
    plan.node.addDependency(scannerRole);

    bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'DenyReadingThreats',
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['s3:GetObject', 's3:GetObjectVersion'],
        resources: [bucket.arnForObjects('*')],
        conditions: { StringEquals: { [`s3:ExistingObjectTag/${malwareScan.tagKey}`]: malwareScan.threatsFound } },
      }),
    );

    new Rule(this, 'MalwareScanResults', {
      description: `ComDrive ${name}: GuardDuty malware scan verdicts on the files bucket, recorded on the files (storage-events)`,
      eventPattern: {
        source: [malwareScan.eventSource],
        detailType: [malwareScan.eventDetailType],
        detail: { s3ObjectDetails: { bucketName: [bucket.bucketName] } },
      },
      targets: [new LambdaFunction(storageEvents, { retryAttempts: 8 })],
    });
  }
}
