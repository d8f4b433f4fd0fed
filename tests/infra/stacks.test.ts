import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { endpointGroups, routePaths, routes } from '#shared/routes.ts';
import { functionEnv, originHeaders } from '#lib/table-design.ts';
import { fallbackGroup, routeKeyOf } from '#infra/aws/api-stack.ts';
import { webAclArnParameter } from '#infra/aws/edge-stack.ts';
import { contentSecurityPolicy, inlineScriptHashes, s3FileOrigins, secretPathPatterns, securityHeaders } from '#infra/aws/security-headers.ts';
import { loadEnvironment, type EnvName } from '#infra/aws/environments.ts';
import { resourcesOf, standInIndexHtml, synthesize, type SynthOptions, type Synthesized } from './synth.ts';
import { objectLockTests } from './object-lock.ts';
import { monitoringTests } from './monitoring.ts';
import { mailIntakeTests } from './mail-intake.ts';
import { previewsArchitecture } from '#infra/aws/bundling.ts';
import { INVOICE_REGISTRY_SECRET_ENV } from '#domain/extraction/invoice-registry.ts';

/**
 * Every environment is synthesized once and shared by its tests. Variants: dev uploads a stand-in
 * SPA build (BucketDeployment), bastion gets a custom domain, a WAF ACL, an address identity and an
 * alarm e-mail through context, customer a receiving domain for mail intake (given as an operator
 * might type it: upper case, with the root dot), test uses its plain defaults. Only customer bundles
 * the Lambdas (esbuild is two thirds of a synth and the bundles are the same in every environment);
 * the others skip asset bundling as `cdk synth --exclusively` would (CDK's `aws:cdk:bundling-stacks`),
 * and what is checked of the bundles' contents is checked on customer's.
 */
const skipBundling = { 'aws:cdk:bundling-stacks': [] };
/** customer's receiving domain, as the functions read it (mail-intake.ts checks it is normalized so). */
const mailIntakeDomain = 'in.example.org';
const variants: Record<EnvName, SynthOptions> = {
  dev: { withSpa: true, context: skipBundling },
  test: { context: skipBundling },
  bastion: {
    context: {
      ...skipBundling,
      webDomain: 'drive.bastion.example.org',
      webCertificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/00000000-0000-0000-0000-000000000000',
      webAclArn: 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/comdrive/00000000-0000-0000-0000-000000000000',
      mailFrom: 'ops@bastion.example.org',
      mailIdentity: 'ops@bastion.example.org',
      alarmEmail: 'oncall@bastion.example.org',
    },
  },
  customer: { context: { mailIntakeDomain: `${mailIntakeDomain.toUpperCase()}.` } },
};

const apiEnvVars = [
  functionEnv.tableName,
  functionEnv.auditTableName,
  functionEnv.bucketName,
  functionEnv.mailFrom,
  functionEnv.tokenSecretArn,
  functionEnv.originVerifySecretArn,
  functionEnv.sessionIdleMinutes,
  functionEnv.auditRetentionDays,
  'NODE_OPTIONS',
  'POWERTOOLS_SERVICE_NAME',
  'POWERTOOLS_METRICS_NAMESPACE',
].sort();

type Statement = { Action: string | string[]; Resource: unknown };
const actionsOf = (statements: Statement[]): string[] =>
  statements.flatMap((statement) => (Array.isArray(statement.Action) ? statement.Action : [statement.Action]));

describe.each(Object.entries(variants) as [EnvName, SynthOptions][])('%s environment', (env, options) => {
  let s: Synthesized;
  beforeAll(() => {
    s = synthesize(env, options);
  }, 180_000);

  const customer = env === 'customer';
  const bundled = !options.context || !('aws:cdk:bundling-stacks' in options.context);
  const retained = env === 'bastion' || env === 'customer';

  describe('cdk-nag', () => {
    it('reports no unacknowledged finding and no construct warning', () => {
      const findings = s.report.pluginReports.flatMap((report) =>
        report.violations.map((v) => `${report.pluginName} ${v.ruleName} ${v.violatingConstructs?.map((c) => c.constructPath).join(', ')}`),
      );
      expect(findings).toEqual([]);
    });

    it('gives every acknowledgement a specific reason, on a construct below the stack', () => {
      expect(s.acknowledgements.length).toBeGreaterThan(0);
      for (const ack of s.acknowledgements) {
        expect(ack.reason.length, `${ack.path} ${ack.id}`).toBeGreaterThan(40);
        // Never on a whole stack or the app: on the construct that produces the finding.
        expect(ack.path.split('/').length, `${ack.path} ${ack.id}`).toBeGreaterThan(1);
      }
    });
  });

  describe('data stack', () => {
    it('builds the main table from the table design', () => {
      s.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: customer
          ? { SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: Match.anyValue() }
          : { SSEEnabled: true, SSEType: Match.absent(), KMSMasterKeyId: Match.absent() },
        GlobalSecondaryIndexes: [
          {
            IndexName: 'gsi1',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
          {
            IndexName: 'gsi2',
            KeySchema: [
              { AttributeName: 'gsi2pk', KeyType: 'HASH' },
              { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
        ...(customer ? { DeletionProtectionEnabled: true } : {}),
      });
    });

    it('keeps an audit-log table with TTL, point-in-time recovery and its by-user and by-item indexes', () => {
      const tables = resourcesOf(s.templates.data, 'AWS::DynamoDB::Table');
      expect(tables).toHaveLength(2);
      const audit = tables.find(([id]) => id.startsWith('AuditTable'));
      expect(audit?.[1].Properties).toMatchObject({
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        GlobalSecondaryIndexes: [
          { IndexName: 'gsi1', Projection: { ProjectionType: 'ALL' } },
          { IndexName: 'gsi2', Projection: { ProjectionType: 'ALL' } },
        ],
      });
    });

    it('retains data where it matters', () => {
      const policy = retained ? 'Retain' : 'Delete';
      for (const [, table] of Object.entries(s.templates.data.findResources('AWS::DynamoDB::Table'))) {
        expect(table.DeletionPolicy).toBe(policy);
      }
    });

    it('outputs the table name the operator CLI provisions contracts into', () => {
      s.templates.data.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('^MainTable') } });
    });

    it('outputs the audit table and the files bucket a contract is exported from and deleted in', () => {
      s.templates.data.hasOutput('AuditTableName', { Value: { Ref: Match.stringLikeRegexp('^AuditTable') } });
      s.templates.storage.hasOutput('FilesBucketName', { Value: { Ref: Match.stringLikeRegexp('^FilesBucket') } });
    });

    it('generates a 64-character token signing secret', () => {
      s.templates.data.hasResourceProperties('AWS::SecretsManager::Secret', {
        GenerateSecretString: { PasswordLength: 64 },
      });
    });

    it(customer ? 'uses a rotated customer-managed key' : 'uses AWS-managed keys', () => {
      s.templates.data.resourceCountIs('AWS::KMS::Key', customer ? 1 : 0);
      if (customer) s.templates.data.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    });
  });

  describe('storage stack', () => {
    const filesBucket = () => {
      const id = s.logicalId(s.built.stacks.storage.filesBucket);
      return s.templates.storage.toJSON().Resources[id] as { Properties: Record<string, unknown> };
    };

    it('blocks public access, encrypts, keeps incomplete multipart uploads and exports one day at most', () => {
      expect(filesBucket().Properties).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [
            { ServerSideEncryptionByDefault: { SSEAlgorithm: customer ? 'aws:kms' : 'AES256' } },
          ],
        },
        LifecycleConfiguration: {
          Rules: [
            { AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' },
            { Id: 'ExpireNoncurrentVersions', NoncurrentVersionExpiration: { NoncurrentDays: 1 }, ExpiredObjectDeleteMarker: true, Status: 'Enabled' },
            { Id: 'ExpireExports', Prefix: 'exports/', ExpirationInDays: 1, Status: 'Enabled' },
          ],
        },
        LoggingConfiguration: { DestinationBucketName: expect.anything() },
      });
    });

    it('refuses requests without TLS', () => {
      const id = s.logicalId(s.built.stacks.storage.filesBucket);
      s.templates.storage.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    });

    it('allows browser PUT/GET/HEAD from the web origins and exposes ETag and Content-Disposition', () => {
      const cors = filesBucket().Properties.CorsConfiguration as { CorsRules: Record<string, unknown>[] };
      expect(cors.CorsRules).toHaveLength(1);
      const rule = cors.CorsRules[0]!;
      expect(rule.AllowedMethods).toEqual(['GET', 'PUT', 'HEAD']);
      expect(rule.ExposedHeaders).toEqual(['ETag', 'Content-Disposition', 'Content-Length']);
      // The CloudFront domain comes from the web stack, plus the custom domain when configured.
      const origins = JSON.stringify(rule.AllowedOrigins);
      expect(origins).toMatch(new RegExp(`"https://",\\{"Fn::ImportValue":"ComDrive-${env}-Web:[^"]*Distribution[^"]*DomainName`));
      if (env === 'bastion') expect(origins).toContain('https://drive.bastion.example.org');
    });

    it('runs storage-events on ObjectCreated under t/', () => {
      const fnId = s.templates.storage.toJSON().Resources;
      const storageEvents = Object.entries(fnId).find(
        ([id, r]) => id.startsWith('StorageEventsFunction') && (r as { Type: string }).Type === 'AWS::Lambda::Function',
      );
      expect(storageEvents).toBeDefined();
      s.templates.storage.hasResourceProperties('Custom::S3BucketNotifications', {
        NotificationConfiguration: {
          LambdaFunctionConfigurations: [
            {
              Events: ['s3:ObjectCreated:*'],
              Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 't/' }] } },
              LambdaFunctionArn: { 'Fn::GetAtt': [storageEvents![0], 'Arn'] },
            },
          ],
        },
      });
      // The scanner checks load sharp and pdfjs-dist: the architecture their binaries were installed for, as the previews function.
      expect((storageEvents![1] as { Properties: Record<string, unknown> }).Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: [previewsArchitecture.name],
        Handler: 'index.handler',
      });
    });

    it('runs the previews function on the bucket\'s Object Created events under t/, with sharp and pdfjs-dist beside its bundle, writing renditions only', () => {
      const resources = s.templates.storage.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
      const [fnId, fn] = Object.entries(resources).find(([id, r]) => id.startsWith('PreviewsFunction') && r.Type === 'AWS::Lambda::Function')!;
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: [process.arch === 'arm64' ? 'arm64' : 'x86_64'], MemorySize: 2048, Timeout: 120 });
      const bucketId = s.logicalId(s.built.stacks.storage.filesBucket);
      s.templates.storage.hasResourceProperties('AWS::Events::Rule', {
        EventPattern: {
          source: ['aws.s3'], 'detail-type': ['Object Created'],
          detail: { bucket: { name: [{ Ref: bucketId }] }, object: { key: [{ prefix: 't/' }] } },
        },
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
      });
      const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const policy = Object.values(resources).find((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(`"${roleId}"`));
      const statements = (policy!.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
      expect(actionsOf(statements)).not.toContain('s3:DeleteObject');
      const puts = statements.filter((statement) => actionsOf([statement]).includes('s3:PutObject'));
      expect(puts).toHaveLength(1);
      const written = JSON.stringify(puts[0]!.Resource);
      expect(written).toContain('/t/*.thumb.webp');
      expect(written).toContain('/t/*.page.webp');
      expect(written).not.toMatch(/\/t\/\*"/);
    });

    if (bundled) {
      it('copies the native modules beside the previews bundle (the asset CDK staged)', () => {
        const [, fn] = resourcesOf(s.templates.storage, 'AWS::Lambda::Function').find(([id]) => id.startsWith('PreviewsFunction'))!;
        const files = s.assetFiles((fn.Properties.Code as { S3Key: string }).S3Key);
        expect(files).toEqual(expect.arrayContaining([
          'index.mjs', 'node_modules/sharp/package.json', 'node_modules/@napi-rs/canvas/package.json', 'node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs',
        ]));
      });
    }

    if (bundled) {
      it('copies sharp, pdfjs-dist, @napi-rs/canvas, tesseract.js and its trained data beside the extraction bundle', () => {
        const [, fn] = resourcesOf(s.templates.storage, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ExtractionFunction'))!;
        const files = s.assetFiles((fn.Properties.Code as { S3Key: string }).S3Key);
        expect(files).toEqual(expect.arrayContaining([
          'index.mjs', 'node_modules/sharp/package.json', 'node_modules/@napi-rs/canvas/package.json', 'node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs',
          'node_modules/tesseract.js/src/index.js', 'node_modules/tesseract.js/src/worker-script/node/index.js',
          'node_modules/tesseract.js-core/tesseract-core-relaxedsimd.wasm', 'node_modules/tesseract.js-core/tesseract-core-simd.wasm',
          'tessdata/eng.traineddata.gz', 'tessdata/jpn.traineddata.gz', 'tessdata/osd.traineddata.gz',
        ]));
        // The browsers' copies of the cores (the WebAssembly inlined) are not what Node loads.
        expect(files.filter((file) => file.endsWith('.wasm.js'))).toEqual([]);
      });
    }

    /** A background function of the storage stack (its logical id starts with `idPrefix`), with its role's statements. */
    const backgroundFunction = (idPrefix: string) => {
      const resources = s.templates.storage.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
      const [fnId, fn] = Object.entries(resources).find(([id, r]) => id.startsWith(idPrefix) && r.Type === 'AWS::Lambda::Function')!;
      const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const policy = Object.values(resources).find((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(`"${roleId}"`));
      const statements = (policy!.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
      const s3On = (action: string) => statements.filter((statement) => actionsOf([statement]).includes(action)).map((statement) => JSON.stringify(statement.Resource));
      return { fnId, fn, statements, s3On };
    };

    it('gives import-jobs the time and memory of a 10,000-row import, and rights on the imports\' objects only', () => {
      const { fn, statements, s3On } = backgroundFunction('ImportJobsFunction');
      expect(fn.Properties).toMatchObject({ Timeout: 900, MemorySize: 2048 });
      expect(actionsOf(statements)).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:BatchWriteItem', 'dynamodb:PutItem', 's3:GetObject', 's3:PutObject', 's3:DeleteObject']));
      expect(actionsOf(statements)).not.toContain('dynamodb:Scan');
      // Reads the sources, writes only resume markers (never over a file it reads), deletes a deleted job's objects.
      for (const [action, pattern] of [['s3:GetObject', /\/t\/\*\/imports\/\*\/source\.csv"/], ['s3:PutObject', /\/t\/\*\/imports\/\*\/resume"/], ['s3:DeleteObject', /\/t\/\*\/imports\/\*"/]] as const) {
        expect(s3On(action), action).toHaveLength(1);
        expect(s3On(action)[0], action).toMatch(pattern);
      }
      expect(actionsOf(statements)).not.toContain('s3:PutObjectRetention');
      // The invite option mails each new user a link into the product: the web stack's address, and SES.
      expect(actionsOf(statements)).toContain('ses:SendEmail');
      const appUrl = JSON.stringify((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.APP_URL);
      if (s.built.config.web) expect(appUrl).toBe(JSON.stringify(`https://${s.built.config.web.domainName}`));
      else expect(appUrl).toMatch(/https:\/\/.*Fn::ImportValue.*Distribution.*DomainName/);
    });

    it('gives drive-jobs the time of a long job and writes of copies, markers and exports only', () => {
      const { fn, statements, s3On } = backgroundFunction('DriveJobsFunction');
      expect(fn.Properties).toMatchObject({ Timeout: 900, MemorySize: 2048 });
      expect(actionsOf(statements)).not.toContain('dynamodb:Scan');
      expect(s3On('s3:PutObject')).toHaveLength(1);
      expect(s3On('s3:PutObject')[0]).toContain('/t/*');
      expect(s3On('s3:PutObject')[0]).toContain('/exports/*');
      expect(s3On('s3:DeleteObject')).toHaveLength(1);
      expect(s3On('s3:DeleteObject')[0]).toMatch(/\/t\/\*"/);
    });

    it('gives storage-events reads of what was uploaded and no writes: uploads are PUT by the browser, presigned', () => {
      const { fn, statements, s3On } = backgroundFunction('StorageEventsFunction');
      // A bookkeeping document's bytes (up to 5 GB) are hashed whole in the call.
      expect(fn.Properties).toMatchObject({ Timeout: 900, MemorySize: 2048 });
      expect(actionsOf(statements)).not.toContain('dynamodb:Scan');
      expect(actionsOf(statements)).not.toContain('s3:PutObject');
      // Deleting: what abandoned uploads leave (aborting their multipart uploads too) and purged bytes, under t/.
      expect(s3On('s3:DeleteObject')).toHaveLength(1);
      expect(s3On('s3:DeleteObject')[0]).toMatch(/\/t\/\*"/);
      expect(s3On('s3:AbortMultipartUpload')).toEqual(s3On('s3:DeleteObject'));
      expect(s3On('s3:GetObject').join()).toContain('/t/*');
    });

    it('reads bookkeeping fields with the extraction function: on Object Created under t/, redelivered for minutes, reading bytes under t/ and writing none', () => {
      const { fnId, fn, statements, s3On } = backgroundFunction('ExtractionFunction');
      // OCR is CPU-bound (CPU grows with memory); sharp and @napi-rs/canvas are native, for the machine that installed them.
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: [previewsArchitecture.name], Handler: 'index.handler', MemorySize: 3008, Timeout: 120 });
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables[INVOICE_REGISTRY_SECRET_ENV]).toEqual({ Ref: s.logicalId(s.built.stacks.storage.invoiceRegistrySecret) });
      expect(variables[functionEnv.tableName]).toBeDefined();
      // Objects: GetObject under t/, nothing else (no PutObject, no version reads, no deletes).
      expect(actionsOf(statements).filter((action) => action.startsWith('s3:'))).toEqual(['s3:GetObject']);
      const bucketId = s.logicalId(s.built.stacks.storage.filesBucket);
      expect(s3On('s3:GetObject')).toEqual([JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, '/t/*']] })]);
      // The main table's items (its reading, the file's marker, the attention row, the registry cache); no Scan, no audit records.
      expect(actionsOf(statements)).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem']));
      expect(actionsOf(statements)).not.toContain('dynamodb:Scan');
      expect(JSON.stringify(statements)).not.toContain('AuditTable');
      s.templates.storage.hasResourceProperties('AWS::Events::Rule', {
        EventPattern: {
          source: ['aws.s3'], 'detail-type': ['Object Created'],
          detail: { bucket: { name: [{ Ref: bucketId }] }, object: { key: [{ prefix: 't/' }] } },
        },
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2 } })],
      });
      // Bytes not yet confirmed by storage-events fail (VersionNotConfirmed): Lambda delivers the event again twice, about one and three minutes later.
      s.templates.storage.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: fnId }, Qualifier: '$LATEST', MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 6 * 3600,
      });
    });

    it('keeps the invoice registry Web-API application ID in a secret of its own, created empty, that only extraction may read', () => {
      const storage = s.built.stacks.storage;
      const secretId = s.logicalId(storage.invoiceRegistrySecret);
      const secret = s.templates.storage.toJSON().Resources[secretId] as { Properties: Record<string, unknown>; DeletionPolicy: string };
      // No value: a generated one would be sent to the Web-API as an application ID; an operator puts the real one.
      expect(secret.Properties.GenerateSecretString).toBeUndefined();
      expect(secret.Properties.SecretString).toBeUndefined();
      expect(secret.Properties.Description).toMatch(/application ID.*operator puts/);
      expect(secret.Properties.KmsKeyId).toEqual(customer ? expect.anything() : undefined);
      expect(secret.DeletionPolicy).toBe(retained ? 'Retain' : 'Delete');
      s.templates.storage.hasOutput('InvoiceRegistrySecretArn', { Value: { Ref: secretId } });
      // Who may read it: the extraction role's policy, and no other policy of any stack (by name, or by a wildcard).
      const readers: string[] = [];
      for (const template of [s.templates.storage, s.templates.api, s.templates.web, s.templates.data]) {
        for (const [id, policy] of [...resourcesOf(template, 'AWS::IAM::Policy'), ...resourcesOf(template, 'AWS::IAM::ManagedPolicy')]) {
          const statements = (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
          const reads = statements.filter((statement) => actionsOf([statement]).some((action) => /^secretsmanager:(GetSecretValue|\*)$/.test(action)));
          if (reads.some((statement) => JSON.stringify(statement.Resource).includes(`"${secretId}"`) || JSON.stringify(statement.Resource).includes('*'))) readers.push(id);
        }
        // Another stack could only name it through an export of the storage stack.
        if (template !== s.templates.storage) expect(JSON.stringify(template.toJSON())).not.toContain('InvoiceRegistrySecret');
      }
      const role = (backgroundFunction('ExtractionFunction').fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const [extractionPolicy] = resourcesOf(s.templates.storage, 'AWS::IAM::Policy').find(([, policy]) => JSON.stringify(policy.Properties.Roles).includes(`"${role}"`))!;
      expect(readers).toEqual([extractionPolicy]);
    });

    it('runs import jobs and drive jobs from the bucket\'s EventBridge events, each for its own keys', () => {
      const bucketId = s.logicalId(s.built.stacks.storage.filesBucket);
      for (const [idPrefix, key] of [['ImportJobsFunction', 't/*/imports/*'], ['DriveJobsFunction', 't/*/drive-jobs/*/run']] as const) {
        const { fnId } = backgroundFunction(idPrefix);
        s.templates.storage.hasResourceProperties('AWS::Events::Rule', {
          EventPattern: {
            source: ['aws.s3'],
            'detail-type': ['Object Created'],
            detail: { bucket: { name: [{ Ref: bucketId }] }, object: { key: [{ wildcard: key }] } },
          },
          Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
        });
      }
    });

    it('scans every tenant object with GuardDuty Malware Protection, records its verdict and refuses to read a threat', () => {
      const resources = s.templates.storage.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
      const bucketId = s.logicalId(s.built.stacks.storage.filesBucket);
      const [fnId] = Object.entries(resources).find(([id, r]) => id.startsWith('StorageEventsFunction') && r.Type === 'AWS::Lambda::Function')!;
      const [roleId] = Object.entries(resources).find(([id, r]) => id.startsWith('MalwareProtectionRole') && r.Type === 'AWS::IAM::Role')!;
      s.templates.storage.hasResourceProperties('AWS::GuardDuty::MalwareProtectionPlan', {
        Role: { 'Fn::GetAtt': [roleId, 'Arn'] },
        ProtectedResource: { S3Bucket: { BucketName: { Ref: bucketId }, ObjectPrefixes: ['t/'] } },
        Actions: { Tagging: { Status: 'ENABLED' } },
      });
      s.templates.storage.hasResourceProperties('AWS::IAM::Role', {
        AssumeRolePolicyDocument: { Statement: [Match.objectLike({ Principal: { Service: 'malware-protection-plan.guardduty.amazonaws.com' } })] },
      });
      // Whoever signed the request (a presigned download, a copy, a ZIP job): no read of a threat.
      s.templates.storage.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: bucketId },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Sid: 'DenyReadingThreats',
              Effect: 'Deny',
              Principal: { AWS: '*' },
              Action: ['s3:GetObject', 's3:GetObjectVersion'],
              Condition: { StringEquals: { 's3:ExistingObjectTag/GuardDutyMalwareScanStatus': 'THREATS_FOUND' } },
            }),
          ]),
        },
      });
      // The bucket's EventBridge events (what GuardDuty's scans start from) are CDK's, not switched on behind it.
      s.templates.storage.hasResourceProperties('Custom::S3BucketNotifications', { NotificationConfiguration: { EventBridgeConfiguration: {} } });
      s.templates.storage.hasResourceProperties('AWS::Events::Rule', {
        EventPattern: {
          source: ['aws.guardduty'],
          'detail-type': ['GuardDuty Malware Protection Object Scan Result'],
          detail: { s3ObjectDetails: { bucketName: [{ Ref: bucketId }] } },
        },
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
      });
    });

    it('sweeps dead jobs, abandoned uploads and purges every minute with the three functions that own them', () => {
      s.templates.storage.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(1 minute)',
        State: 'ENABLED',
        Targets: ['StorageEventsFunction', 'ImportJobsFunction', 'DriveJobsFunction'].map((idPrefix) => Match.objectLike({ Arn: { 'Fn::GetAtt': [backgroundFunction(idPrefix).fnId, 'Arn'] } })),
      });
      s.templates.storage.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunction', Principal: 'events.amazonaws.com' });
    });
  });

  describe('api stack', () => {
    it('has one Lambda per endpoint group, bundled for nodejs22.x on arm64 with every setting', () => {
      const functions = resourcesOf(s.templates.api, 'AWS::Lambda::Function');
      expect(functions).toHaveLength(endpointGroups.length);
      for (const [, fn] of functions) {
        expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' });
        const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        // The SAML key prefix only where SP keys are stored (security) or read (auth), the Object
        // Lock settings only where documents are locked (drive: object-lock.ts in this folder), the
        // caps on running jobs only where jobs start (drive), the receiving domain only where the
        // environment has one, for the drive's intake addresses (mail-intake.ts).
        const optional: string[] = [functionEnv.samlKeyParameterPrefix, functionEnv.objectLockMode, functionEnv.objectLockMaxRetentionDays, functionEnv.driveJobsPerUser, functionEnv.driveJobsPerContract, functionEnv.mailIntakeDomain];
        expect(Object.keys(variables).filter((name) => !optional.includes(name)).sort()).toEqual(apiEnvVars);
        expect(variables.NODE_OPTIONS).toBe('--enable-source-maps');
        expect(variables.POWERTOOLS_METRICS_NAMESPACE).toBe('ComDrive');
        expect(endpointGroups).toContain(variables.POWERTOOLS_SERVICE_NAME);
        expect(variables[functionEnv.sessionIdleMinutes]).toBe('60');
        expect(variables[functionEnv.auditRetentionDays]).toBe(String(loadEnvironment(env).auditRetentionDays));
      }
    });

    it("gives the drive Lambda the environment's caps on running jobs, and no other Lambda", () => {
      for (const [id, fn] of resourcesOf(s.templates.api, 'AWS::Lambda::Function')) {
        const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        const caps = [variables[functionEnv.driveJobsPerUser], variables[functionEnv.driveJobsPerContract]];
        expect(caps, id).toEqual(id === s.logicalId(s.built.stacks.api.functions.drive) ? ['3', '10'] : [undefined, undefined]);
      }
    });

    it('lets the audit Lambda query the audit table and its indexes, and write nothing to it', () => {
      const role = s.logicalId(s.built.stacks.api.functions.audit.role!);
      const [, policy] = resourcesOf(s.templates.api, 'AWS::IAM::Policy').find(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${role}"`))!;
      const statements = (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
      const onAudit = statements.filter((statement) => JSON.stringify(statement.Resource).includes('AuditTable'));
      expect(actionsOf(onAudit)).toEqual(['dynamodb:Query']);
      expect(JSON.stringify(onAudit[0]!.Resource)).toMatch(/index\/gsi1.*index\/gsi2/);
      expect(actionsOf(statements)).not.toContain('dynamodb:Scan');
    });

    it('declares exactly one POST /api/<path> route per manifest entry, to its group\'s Lambda', () => {
      const integrationOf = new Map<string, string>();
      for (const [id, integration] of resourcesOf(s.templates.api, 'AWS::ApiGatewayV2::Integration')) {
        const uri = integration.Properties.IntegrationUri as { 'Fn::GetAtt': [string, string] };
        integrationOf.set(id, uri['Fn::GetAtt'][0]);
      }
      const functionOf = Object.fromEntries(
        endpointGroups.map((group) => [group, s.logicalId(s.built.stacks.api.functions[group])]),
      );

      const routeTargets = resourcesOf(s.templates.api, 'AWS::ApiGatewayV2::Route').map(([, route]) => {
        const target = JSON.stringify(route.Properties.Target);
        const integration = [...integrationOf.keys()].find((id) => target.includes(`"${id}"`));
        return { key: route.Properties.RouteKey as string, fn: integration && integrationOf.get(integration) };
      });
      const keys = routeTargets.map((r) => r.key);
      const fallbackKey = 'ANY /api/{proxy+}';
      expect(keys.filter((k) => k !== fallbackKey).sort()).toEqual(routePaths.map(routeKeyOf).sort());
      expect(new Set(keys).size).toBe(keys.length);
      for (const path of routePaths) {
        const route = routeTargets.find((r) => r.key === `POST /api/${path}`);
        expect(route?.fn, path).toBe(functionOf[routes[path].group]);
      }
      expect(routeTargets.find((r) => r.key === fallbackKey)?.fn).toBe(functionOf[fallbackGroup]);
    });

    it('lets security only put and sso only get the SAML SP key parameters of this environment', () => {
      const policies = resourcesOf(s.templates.api, 'AWS::IAM::Policy');
      const statementsOf = (group: 'auth' | 'sso' | 'security' | 'drive') => {
        const role = s.logicalId(s.built.stacks.api.functions[group].role!);
        const found = policies.find(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${role}"`));
        return (found![1].Properties.PolicyDocument as { Statement: Statement[] }).Statement;
      };
      const ssm = (group: 'auth' | 'sso' | 'security' | 'drive') => statementsOf(group).filter((statement) => actionsOf([statement]).some((a) => a.startsWith('ssm:')));
      expect(ssm('security').map((statement) => actionsOf([statement]))).toEqual([['ssm:PutParameter']]);
      expect(ssm('sso').map((statement) => actionsOf([statement]))).toEqual([['ssm:GetParameter']]);
      expect(ssm('auth')).toEqual([]);
      expect(ssm('drive')).toEqual([]);
      for (const group of ['sso', 'security'] as const) {
        expect(JSON.stringify(ssm(group)[0]!.Resource)).toContain(`:parameter/com-drive/${env}/saml-sp-key/*`);
        const fn = s.built.stacks.api.functions[group];
        const variables = (resourcesOf(s.templates.api, 'AWS::Lambda::Function').find(([id]) => id === s.logicalId(fn))![1].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(variables[functionEnv.samlKeyParameterPrefix]).toBe(`/com-drive/${env}/saml-sp-key/`);
      }
    });

    if (bundled) {
      it("ships xmllint-wasm's worker and WebAssembly beside the sso bundle (the SAML schema validator)", () => {
        const fn = s.built.stacks.api.functions.sso;
        const [, resource] = resourcesOf(s.templates.api, 'AWS::Lambda::Function').find(([id]) => id === s.logicalId(fn))!;
        const key = (resource.Properties.Code as { S3Key: string }).S3Key;
        expect(s.assetFiles(key)).toEqual(expect.arrayContaining(['index.mjs', 'xmllint-node.js', 'xmllint.wasm']));
      });

      it("ships the SPA's locale files beside the auth bundle (com/translate)", () => {
        const fn = s.built.stacks.api.functions.auth;
        const [, resource] = resourcesOf(s.templates.api, 'AWS::Lambda::Function').find(([id]) => id === s.logicalId(fn))!;
        const key = (resource.Properties.Code as { S3Key: string }).S3Key;
        expect(s.assetFiles(key)).toEqual(expect.arrayContaining(['index.mjs', 'locales/en.json', 'locales/ja.json']));
      });

      it('ships each group its own bundle (one asset per Lambda, no shared bundling cache entry)', () => {
        const keys = resourcesOf(s.templates.api, 'AWS::Lambda::Function').map(([, fn]) => (fn.Properties.Code as { S3Key: string }).S3Key);
        expect(new Set(keys).size).toBe(endpointGroups.length);
      });
    }

    it('grants S3 presigning to drive and imports, exports to imports only, SES to auth, and Scan to nobody', () => {
      const roleOf = (group: 'auth' | 'drive' | 'imports') => s.logicalId(s.built.stacks.api.functions[group].role!);
      const policies = resourcesOf(s.templates.api, 'AWS::IAM::Policy');
      const inline = (group: 'auth' | 'drive') => {
        const found = policies.find(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${roleOf(group)}"`));
        return actionsOf((found![1].Properties.PolicyDocument as { Statement: Statement[] }).Statement);
      };
      const managed = (group: 'auth' | 'drive' | 'imports') =>
        JSON.stringify(s.templates.api.toJSON().Resources[roleOf(group)].Properties.ManagedPolicyArns ?? []);

      expect(inline('auth')).toContain('ses:SendEmail');
      expect(inline('drive')).not.toContain('ses:SendEmail');
      expect(inline('auth').some((a) => a.startsWith('s3:'))).toBe(false);
      expect(inline('drive').some((a) => a.startsWith('s3:'))).toBe(false);
      expect(managed('drive')).toContain('PresignFilesPolicy');
      expect(managed('auth')).not.toContain('PresignFilesPolicy');
      expect(managed('imports')).toContain('PresignFilesPolicy');
      expect(managed('imports')).toContain('ExportFilesPolicy');
      expect(managed('drive')).not.toContain('ExportFilesPolicy');
      expect(managed('auth')).not.toContain('ExportFilesPolicy');
      for (const group of ['auth', 'drive'] as const) {
        expect(inline(group)).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'secretsmanager:GetSecretValue']));
        expect(inline(group)).not.toContain('dynamodb:Scan');
        expect(inline(group).some((a) => a.includes('*'))).toBe(false);
      }

      s.templates.storage.hasResourceProperties('AWS::IAM::ManagedPolicy', {
        PolicyDocument: {
          Statement: [
            {
              Action: ['s3:AbortMultipartUpload', 's3:GetObject', 's3:PutObject'],
              Effect: 'Allow',
              Resource: { 'Fn::Join': ['', [Match.anyValue(), '/t/*']] },
            },
          ],
        },
      });
      s.templates.storage.hasResourceProperties('AWS::IAM::ManagedPolicy', {
        PolicyDocument: {
          Statement: [
            {
              Action: ['s3:GetObject', 's3:PutObject'],
              Effect: 'Allow',
              Resource: { 'Fn::Join': ['', [Match.anyValue(), '/exports/*']] },
            },
          ],
        },
      });
    });
  });

  describe('web stack', () => {
    const distribution = () => {
      const [[, resource]] = resourcesOf(s.templates.web, 'AWS::CloudFront::Distribution') as [
        [string, { Properties: { DistributionConfig: Record<string, unknown> } }],
      ];
      return resource.Properties.DistributionConfig as Record<string, unknown> & {
        Origins: Record<string, unknown>[];
        CacheBehaviors: Record<string, unknown>[];
        DefaultCacheBehavior: Record<string, unknown>;
      };
    };

    it('serves the SPA bucket through origin access control with the SPA fallback function', () => {
      s.templates.web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
      const config = distribution();
      const s3Origin = config.Origins.find((o) => o.S3OriginConfig);
      expect(s3Origin?.OriginAccessControlId).toBeDefined();
      expect(config.DefaultCacheBehavior).toMatchObject({
        ViewerProtocolPolicy: 'redirect-to-https',
        FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: expect.anything() }],
        ResponseHeadersPolicyId: { Ref: expect.stringMatching(/^AppHeaders/) },
      });
      // No distribution-wide error rewrites: they would also turn API 404 envelopes into the SPA.
      expect(config.CustomErrorResponses).toBeUndefined();
      expect(config.Logging).toMatchObject({ Bucket: expect.anything() });
    });

    const behaviourOf = (pattern: string) => distribution().CacheBehaviors.find((behaviour) => behaviour.PathPattern === pattern);

    it('routes /api/* to the HTTP API without caching, forwarding every viewer header but Host', () => {
      expect(distribution().CacheBehaviors.map((behaviour) => behaviour.PathPattern).sort()).toEqual(['/api/*', ...secretPathPatterns].sort());
      const behaviour = behaviourOf('/api/*');
      expect(behaviour).toMatchObject({
        PathPattern: '/api/*',
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
        OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
        ViewerProtocolPolicy: 'https-only',
      });
      const apiOrigin = distribution().Origins.find((o) => o.Id === behaviour!.TargetOriginId);
      expect(JSON.stringify(apiOrigin?.DomainName)).toContain('execute-api');
      expect(apiOrigin?.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    });

    it('tells the API the viewer address, with the origin secret that makes it trustworthy', () => {
      const behaviour = behaviourOf('/api/*');
      const apiOrigin = distribution().Origins.find((o) => o.Id === behaviour!.TargetOriginId) as { OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] };
      const verify = apiOrigin.OriginCustomHeaders?.find((header) => header.HeaderName === originHeaders.verify);
      // A dynamic reference to the generated secret, resolved by CloudFormation (never in the template).
      expect(JSON.stringify(verify?.HeaderValue)).toMatch(/resolve:secretsmanager:/);
      const functions = resourcesOf(s.templates.web, 'AWS::CloudFront::Function');
      const viewerAddress = functions.find(([, fn]) => String(fn.Properties.FunctionCode).includes(originHeaders.viewerAddress));
      expect(viewerAddress).toBeDefined();
      expect(JSON.stringify(behaviour)).toContain(viewerAddress![0]);
      // Every API function knows the secret and may read it.
      for (const [, fn] of resourcesOf(s.templates.api, 'AWS::Lambda::Function')) {
        expect(Object.keys((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables)).toContain(functionEnv.originVerifySecretArn);
      }
    });

    it(env === 'bastion' ? 'uses the custom domain with TLS 1.2+ and the WAF ACL' : 'uses the default CloudFront name', () => {
      const config = distribution();
      if (env === 'bastion') {
        expect(config.Aliases).toEqual(['drive.bastion.example.org']);
        expect(config.ViewerCertificate).toMatchObject({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
        expect(config.WebACLId).toMatch(/^arn:aws:wafv2:/);
      } else {
        expect(config.Aliases).toBeUndefined();
      }
    });

    /** A response headers policy rendered as the HTTP headers CloudFront adds (lower-case names). */
    const renderedHeaders = (policyRef: unknown): Record<string, string> => {
      const [, policy] = resourcesOf(s.templates.web, 'AWS::CloudFront::ResponseHeadersPolicy').find(([id]) => JSON.stringify(policyRef) === JSON.stringify({ Ref: id }))!;
      const config = policy!.Properties.ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: unknown; Override: boolean };
          StrictTransportSecurity: { AccessControlMaxAgeSec: number; IncludeSubdomains: boolean; Override: boolean };
          ContentTypeOptions: { Override: boolean };
          FrameOptions: { FrameOption: string; Override: boolean };
          ReferrerPolicy: { ReferrerPolicy: string; Override: boolean };
        };
        CustomHeadersConfig: { Items: { Header: string; Value: string; Override: boolean }[] };
      };
      const security = config.SecurityHeadersConfig;
      // Every header replaces whatever an origin sent.
      for (const header of [...Object.values(security), ...config.CustomHeadersConfig.Items]) expect(header.Override).toBe(true);
      return {
        'content-security-policy': resolveRegion(security.ContentSecurityPolicy.ContentSecurityPolicy),
        'strict-transport-security': `max-age=${security.StrictTransportSecurity.AccessControlMaxAgeSec}${security.StrictTransportSecurity.IncludeSubdomains ? '; includeSubDomains' : ''}`,
        'x-content-type-options': 'nosniff',
        'x-frame-options': security.FrameOptions.FrameOption,
        'referrer-policy': security.ReferrerPolicy.ReferrerPolicy,
        ...Object.fromEntries(config.CustomHeadersConfig.Items.map((item) => [item.Header.toLowerCase(), item.Value])),
      };
    };
    /** The CSP names the files bucket's region, a token in an environment-agnostic stack. */
    const resolveRegion = (value: unknown): string =>
      typeof value === 'string' ? value : (value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : JSON.stringify(part) === '{"Ref":"AWS::Region"}' ? 'REGION' : '?')).join('');

    it('sends the headers of security-headers.ts (the local server\'s) on every behaviour, no-referrer on /share/* and /request/*', () => {
      const hashes = options.withSpa ? inlineScriptHashes(standInIndexHtml) : [];
      const csp = contentSecurityPolicy({ fileOrigins: s3FileOrigins('REGION'), inlineScriptHashes: hashes });
      expect(renderedHeaders(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId)).toEqual(securityHeaders('app', csp));
      expect(renderedHeaders(behaviourOf('/api/*')!.ResponseHeadersPolicyId)).toEqual(securityHeaders('app', csp));
      for (const pattern of secretPathPatterns) expect(renderedHeaders(behaviourOf(pattern)!.ResponseHeadersPolicyId)).toEqual(securityHeaders('share', csp));
      // What the headers say, spelled out once.
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'" + hashes.map((hash) => ` ${hash}`).join('') + ';');
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("connect-src 'self' https://*.s3.REGION.amazonaws.com;");
      expect(securityHeaders('app', csp)).toMatchObject({ 'strict-transport-security': 'max-age=63072000; includeSubDomains', 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin' });
      expect(securityHeaders('share', csp)['referrer-policy']).toBe('no-referrer');
      // /share/* and /request/* are the SPA from the same bucket, through the same rewrite.
      for (const pattern of secretPathPatterns) {
        expect(behaviourOf(pattern)).toMatchObject({
          TargetOriginId: distribution().DefaultCacheBehavior.TargetOriginId,
          FunctionAssociations: distribution().DefaultCacheBehavior.FunctionAssociations,
          ViewerProtocolPolicy: 'redirect-to-https',
        });
      }
    });

    if (env !== 'bastion') {
      it("attaches the edge stack's web ACL, its ARN read from the SSM parameter in us-east-1", () => {
        const webAclId = distribution().WebACLId as { 'Fn::GetAtt': [string, string] };
        const [lookupId, field] = webAclId['Fn::GetAtt'];
        expect(field).toBe('Parameter.Value');
        const lookup = s.templates.web.toJSON().Resources[lookupId] as { Properties: { Create?: unknown; Update: unknown } };
        const call = JSON.parse(JSON.stringify(lookup.Properties.Update)) as string | { 'Fn::Join': [string, unknown[]] };
        const text = typeof call === 'string' ? call : JSON.stringify(call);
        expect(text).toContain('"region":"us-east-1"');
        expect(text).toContain(`"Name":"${webAclArnParameter(s.built.config)}"`);
        expect(s.built.stacks.web.dependencies).toContain(s.built.stacks.edge);
        s.templates.edge!.hasResourceProperties('AWS::SSM::Parameter', {
          Name: webAclArnParameter(s.built.config),
          Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebAcl'), 'Arn'] },
        });
      });
    }
  });

  describe(env === 'bastion' ? 'edge stack (none: the ACL given with -c webAclArn)' : 'edge stack', () => {
    if (env === 'bastion') {
      it('is not built', () => expect(s.built.stacks.edge).toBeUndefined());
      return;
    }
    const webAcl = () => {
      const [, acl] = resourcesOf(s.templates.edge!, 'AWS::WAFv2::WebACL')[0]!;
      return acl!.Properties as { Scope: string; DefaultAction: unknown; Rules: { Name: string; Priority: number; Statement: Record<string, Record<string, unknown>>; Action?: unknown; OverrideAction?: unknown }[] };
    };

    it('puts a CLOUDFRONT-scope web ACL in us-east-1', () => {
      expect(s.built.stacks.edge!.region).toBe('us-east-1');
      expect(webAcl()).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    });

    it('runs the AWS managed rule groups, with the body size rule of the common set only counting', () => {
      const managed = webAcl().Rules.filter((rule) => rule.Statement.ManagedRuleGroupStatement);
      expect(managed.map((rule) => rule.Statement.ManagedRuleGroupStatement!.Name)).toEqual([
        'AWSManagedRulesAmazonIpReputationList',
        'AWSManagedRulesCommonRuleSet',
        'AWSManagedRulesKnownBadInputsRuleSet',
      ]);
      for (const rule of managed) {
        expect(rule.OverrideAction).toEqual({ None: {} });
        expect(rule.Statement.ManagedRuleGroupStatement!.VendorName).toBe('AWS');
      }
      const common = managed.find((rule) => rule.Name === 'AWSManagedRulesCommonRuleSet')!;
      expect(common.Statement.ManagedRuleGroupStatement!.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
    });

    it('blocks an address that makes too many public calls (sign-in, second steps, SSO), counted on the public paths only', () => {
      const rule = webAcl().Rules.find((candidate) => candidate.Statement.RateBasedStatement)!;
      expect(rule.Action).toEqual({ Block: {} });
      const rate = rule.Statement.RateBasedStatement as {
        Limit: number;
        EvaluationWindowSec: number;
        AggregateKeyType: string;
        ScopeDownStatement: { RegexMatchStatement: { RegexString: string; FieldToMatch: unknown; TextTransformations: { Type: string }[] } };
      };
      expect(rate).toMatchObject({ Limit: s.built.config.edge.publicCallsPerIp, EvaluationWindowSec: 300, AggregateKeyType: 'IP' });
      expect(rate.Limit).toBe(customer ? 3000 : 300);
      const match = rate.ScopeDownStatement.RegexMatchStatement;
      expect(match.FieldToMatch).toEqual({ UriPath: {} });
      expect(match.TextTransformations.map((transformation) => transformation.Type)).toEqual(['URL_DECODE', 'NORMALIZE_PATH', 'LOWERCASE']);
      // Every public route of the manifest, and no other, after WAF's transformations.
      const regex = new RegExp(match.RegexString);
      const publicPaths = routePaths.filter((path) => routes[path].access === 'public');
      expect(publicPaths).toEqual(expect.arrayContaining(['login/login_btn', 'login/login_two_step', 'login/login_two_step_totp', 'sso/sso_start', 'sso/acs', 'sso/sso_login']));
      for (const path of routePaths) expect(regex.test(`/api/${path}`.toLowerCase()), path).toBe(routes[path].access === 'public');
      expect(regex.test('/api/login/login_btn/')).toBe(true);
      expect(regex.test('/login')).toBe(false);
    });

    it('logs what it blocks or counts, without the Authorization header', () => {
      s.templates.edge!.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
        ResourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebAcl'), 'Arn'] },
        LogDestinationConfigs: [Match.anyValue()],
        RedactedFields: [{ SingleHeader: { Name: 'authorization' } }],
        LoggingFilter: { DefaultBehavior: 'DROP', Filters: [Match.objectLike({ Behavior: 'KEEP' })] },
      });
      s.templates.edge!.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: Match.stringLikeRegexp('^aws-waf-logs-') });
    });
  });

  describe('web stack (continued)', () => {

    it('keeps the SPA bucket private and TLS-only', () => {
      s.templates.web.hasResourceProperties('AWS::S3::Bucket', {
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, RestrictPublicBuckets: true },
        LoggingConfiguration: Match.anyValue(),
      });
    });

    it('throttles and access-logs the API stage', () => {
      s.templates.web.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      });
    });

    it(options.withSpa ? 'uploads the SPA build, hashed assets before index.html' : 'skips the SPA upload without a build', () => {
      expect(s.built.stacks.web.spaDeployed).toBe(options.withSpa === true);
      const deployments = s.templates.web.findResources('Custom::CDKBucketDeployment') as Record<
        string,
        { Properties: Record<string, unknown>; DependsOn?: string[] }
      >;
      expect(Object.keys(deployments)).toHaveLength(options.withSpa ? 2 : 0);
      if (!options.withSpa) return;
      const [assetsId, assets] = Object.entries(deployments).find(([id]) => id.startsWith('SpaAssets'))!;
      const [, index] = Object.entries(deployments).find(([id]) => id.startsWith('SpaIndex'))!;
      expect(assets.Properties.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
      expect(index.Properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
      expect(index.Properties.DistributionPaths).toEqual(['/*']);
      expect(index.DependsOn).toContain(assetsId);
      const files = (deployment: { Properties: Record<string, unknown> }) =>
        s.assetFiles((deployment.Properties.SourceObjectKeys as string[])[0]!);
      expect(files(assets)).toEqual(['assets', 'assets/index-abc123.js']);
      expect(files(index)).toEqual(['favicon.svg', 'index.html']);
    });
  });

  objectLockTests(env, () => s);
  monitoringTests(env, () => s, { alarmEmail: options.context?.alarmEmail as string | undefined });
  mailIntakeTests(env, () => s, customer ? { domain: mailIntakeDomain } : {});

  describe('mail stack', () => {
    it('verifies the configured SES identity', () => {
      s.templates.mail.hasResourceProperties('AWS::SES::EmailIdentity', {
        EmailIdentity: s.built.config.mail.identity,
      });
    });
  });

  it('names the stacks after the environment and protects the customer\'s from deletion', () => {
    const stacks = Object.values(s.built.stacks).filter((stack) => stack !== undefined);
    expect(stacks.map((stack) => stack.stackName).sort()).toEqual(
      // bastion attaches an ACL of its own (-c webAclArn): no edge stack.
      ['Api', 'Data', ...(env === 'bastion' ? [] : ['Edge']), 'Mail', 'Monitoring', 'Storage', 'Web'].map((part) => `ComDrive-${env}-${part}`),
    );
    for (const stack of stacks) expect(stack.terminationProtection).toBe(customer);
  });
});
