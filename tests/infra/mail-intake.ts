import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { functionEnv } from '#lib/table-design.ts';
import type { EnvName } from '#infra/aws/environments.ts';
import { intakeMailPrefix, mailReceivingRegions, receiptRuleNames } from '#infra/aws/mail-intake.ts';
import { resourcesOf, type Synthesized } from './synth.ts';

/**
 * Mail intake in AWS (docs/operations.md "Receiving mail (SES)"). Called from stacks.test.ts for each
 * environment, on its one synth: customer's is given a receiving domain (its customer-managed key is
 * the case with the most parts; stacks.test.ts's cdk-nag check covers it), the others have none.
 * What needs a synth of its own (a region without SES receiving) is in mail-intake.test.ts.
 */
type Statement = { Sid?: string; Effect: string; Action: string | string[]; Resource: unknown; Principal?: unknown; Condition?: Record<string, Record<string, unknown>> };
type Resource = { Type: string; Properties: Record<string, unknown> };
const actions = (statement: Statement): string[] => [statement.Action].flat();
const json = (value: unknown): string => JSON.stringify(value);

export const mailIntakeTests = (env: EnvName, synthesized: () => Synthesized, options: { domain?: string } = {}): void => {
  const storage = () => synthesized().templates.storage;
  const logicalId = (construct: Parameters<Synthesized['logicalId']>[0]) => synthesized().logicalId(construct);
  const resources = () => storage().toJSON().Resources as Record<string, Resource>;
  const bucketId = () => logicalId(synthesized().built.stacks.storage.intakeBucket);

  const { domain } = options;
  if (!domain) {
    describe('mail intake (no receiving domain)', () => {
      it('makes no receipt rule, no SES statement, no region rule and no receiving identity', () => {
        storage().resourceCountIs('AWS::SES::ReceiptRuleSet', 0);
        storage().resourceCountIs('AWS::SES::ReceiptRule', 0);
        expect(json(storage().toJSON())).not.toContain('ses.amazonaws.com');
        expect(Object.keys((storage().toJSON() as { Rules?: object }).Rules ?? {})).not.toContain('MailReceivingRegion');
        expect(Object.keys(storage().findOutputs('*'))).not.toContain('MailIntakeRuleSetName');
        expect(Object.keys(synthesized().templates.mail.findResources('AWS::SES::EmailIdentity'))).toHaveLength(1);
      });

      it('gives no function MAIL_INTAKE_DOMAIN; the intake bucket (SSE-S3 here) and function stay, idle, so turning a domain on only adds the receiving parts', () => {
        expect(synthesized().built.config.mailIntakeDomain).toBeUndefined();
        for (const template of [storage(), synthesized().templates.api]) {
          for (const [id, fn] of resourcesOf(template, 'AWS::Lambda::Function')) {
            const variables = (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
            expect(variables[functionEnv.mailIntakeDomain], id).toBeUndefined();
          }
        }
        expect(resources()[bucketId()]!.Properties.BucketEncryption).toEqual({ ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] });
        expect(resourcesOf(storage(), 'AWS::Lambda::Function').filter(([id]) => id.startsWith('IntakeFunction'))).toHaveLength(1);
      });
    });
    return;
  }

  const config = () => synthesized().built.config;
  const intakeFunction = () => resourcesOf(storage(), 'AWS::Lambda::Function').find(([id]) => id.startsWith('IntakeFunction'))!;
  const intakeStatements = (): Statement[] => {
    const role = (intakeFunction()[1].Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    return resourcesOf(storage(), 'AWS::IAM::Policy')
      .filter(([, policy]) => json(policy.Properties.Roles).includes(role))
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  };
  const filesBucketId = () => logicalId(synthesized().built.stacks.storage.filesBucket);
  const intakeBucketPolicy = () => resourcesOf(storage(), 'AWS::S3::BucketPolicy').find(([, p]) => json(p.Properties.Bucket) === json({ Ref: bucketId() }))!;

  describe(`mail intake (SES receiving on ${domain})`, () => {
    it('keeps the domain lower case without the root dot, as the functions read it', () => {
      expect(config().mailIntakeDomain).toBe(domain);
    });

    it('has one receipt rule for the domain: TLS required, spam and virus scan on, one S3 action under mail/ of the intake bucket', () => {
      const names = receiptRuleNames(config());
      storage().resourceCountIs('AWS::SES::ReceiptRuleSet', 1);
      storage().hasResourceProperties('AWS::SES::ReceiptRuleSet', { RuleSetName: names.ruleSet });
      const rules = resourcesOf(storage(), 'AWS::SES::ReceiptRule');
      expect(rules).toHaveLength(1);
      const [, rule] = rules[0]!;
      expect(rule.Properties.RuleSetName).toEqual({ Ref: expect.stringMatching(/^MailIntakeRuleSet/) });
      expect(rule.Properties.Rule).toEqual({
        Name: names.rule,
        Enabled: true,
        Recipients: [domain],
        TlsPolicy: 'Require',
        ScanEnabled: true,
        Actions: [{ S3Action: { BucketName: { Ref: bucketId() }, ObjectKeyPrefix: intakeMailPrefix } }],
      });
    });

    it('is made after the bucket policy that lets SES write (SES writes a test object when the rule is made)', () => {
      const [, rule] = Object.entries(storage().toJSON().Resources as Record<string, { Type: string; DependsOn?: string[] }>).find(([, r]) => r.Type === 'AWS::SES::ReceiptRule')!;
      const [policyId] = intakeBucketPolicy();
      expect(rule.DependsOn).toContain(policyId);
    });

    it("lets SES put objects under mail/ only, from this account's receipt rule only", () => {
      const [, policy] = intakeBucketPolicy();
      const statements = (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
      const ses = statements.filter((st) => json(st.Principal).includes('ses.amazonaws.com'));
      expect(ses).toHaveLength(1);
      const [statement] = ses;
      expect(statement).toMatchObject({ Effect: 'Allow', Action: 's3:PutObject', Principal: { Service: 'ses.amazonaws.com' } });
      expect(statement!.Resource).toEqual({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(), 'Arn'] }, '/mail/*']] });
      expect(statement!.Condition!.StringEquals).toEqual({ 'aws:SourceAccount': { Ref: 'AWS::AccountId' } });
      const names = receiptRuleNames(config());
      expect(statement!.Condition!.ArnLike).toEqual({
        'aws:SourceArn': { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:receipt-rule-set/${names.ruleSet}:receipt-rule/${names.rule}`]] },
      });
      // And TLS only, as every bucket of the app.
      expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
    });

    it(`keeps the intake bucket private, encrypted with its own key (${env}), access-logged, raw mail expiring after 7 days, unversioned`, () => {
      const bucket = resources()[bucketId()]!;
      expect(bucket.Properties).toMatchObject({
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: { 'Fn::GetAtt': [expect.stringMatching(/^IntakeKey/), 'Arn'] } } }] },
        LoggingConfiguration: { DestinationBucketName: expect.anything(), LogFilePrefix: 'intake/' },
      });
      expect(bucket.Properties.VersioningConfiguration).toBeUndefined();
      expect(bucket.Properties.ObjectLockEnabled).toBeUndefined();
      expect((bucket.Properties.LifecycleConfiguration as { Rules: unknown[] }).Rules).toContainEqual({ Id: 'ExpireRawMail', Prefix: intakeMailPrefix, ExpirationInDays: 7, Status: 'Enabled' });
    });

    it('lets SES use the intake key through S3 in this account only, and the key rotates', () => {
      const [, key] = resourcesOf(storage(), 'AWS::KMS::Key').find(([id]) => id.startsWith('IntakeKey'))!;
      expect(key.Properties.EnableKeyRotation).toBe(true);
      const ses = (key.Properties.KeyPolicy as { Statement: Statement[] }).Statement.filter((st) => json(st.Principal).includes('ses.amazonaws.com'));
      expect(ses).toHaveLength(1);
      expect(ses[0]).toMatchObject({ Effect: 'Allow', Action: 'kms:GenerateDataKey' });
      expect(ses[0]!.Condition!.StringEquals).toMatchObject({ 'aws:SourceAccount': { Ref: 'AWS::AccountId' } });
      expect(json(ses[0]!.Condition!.StringEquals!['kms:ViaService'])).toContain('s3.');
    });

    it("runs the intake function on the intake bucket's objects created under mail/", () => {
      const [fnId] = intakeFunction();
      const notifications = resourcesOf(storage(), 'Custom::S3BucketNotifications').find(([, n]) => json(n.Properties.BucketName) === json({ Ref: bucketId() }))!;
      expect(notifications[1].Properties.NotificationConfiguration).toEqual({
        LambdaFunctionConfigurations: [{
          Events: ['s3:ObjectCreated:*'],
          Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: intakeMailPrefix }] } },
          LambdaFunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] },
        }],
      });
      storage().hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction', Principal: 's3.amazonaws.com', FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] }, SourceArn: { 'Fn::GetAtt': [bucketId(), 'Arn'] },
      });
    });

    it('gives the intake function the table, both buckets and the receiving domain, and no secret', () => {
      const variables = (intakeFunction()[1].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables).toMatchObject({
        [functionEnv.tableName]: expect.anything(),
        [functionEnv.bucketName]: expect.anything(),
        [functionEnv.intakeBucketName]: { Ref: bucketId() },
        [functionEnv.mailIntakeDomain]: domain,
        [functionEnv.mailFrom]: config().mail.from,
      });
      expect(Object.keys(variables).some((name) => /SECRET/.test(name))).toBe(false);
    });

    it('lets the intake function read and delete raw mail under mail/ only, and only write new objects under t/ of the files bucket', () => {
      const statements = intakeStatements();
      const s3 = statements.filter((st) => actions(st).some((action) => action.startsWith('s3:')));
      expect(s3.map((st) => [actions(st).sort(), json(st.Resource)])).toEqual([
        [['s3:DeleteObject', 's3:GetObject'], json({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(), 'Arn'] }, '/mail/*']] })],
        [['s3:PutObject'], expect.stringContaining('/t/*')],
      ]);
      // The files bucket's ARN comes from this stack: no delete, read, retention or bypass there, nothing on the bucket itself.
      expect(json(s3[1]!.Resource)).toContain(filesBucketId());
      expect(s3.flatMap(actions).filter((action) => /Delete|Retention|Bypass|List|\*/.test(action) && action !== 's3:DeleteObject')).toEqual([]);
      for (const st of statements) expect(st.Effect).toBe('Allow');
    });

    it("lets it use the keys (the data key for the table and files, the intake key to read mail), the main table's items and its log group, nothing else", () => {
      const statements = intakeStatements();
      const services = new Set(statements.flatMap(actions).map((action) => action.split(':')[0]));
      expect([...services].sort()).toEqual(['dynamodb', 'kms', 'logs', 's3']);
      expect(statements.flatMap(actions).filter((action) => action.startsWith('dynamodb:')).sort()).toEqual(
        ['BatchGetItem', 'BatchWriteItem', 'ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'].map((a) => `dynamodb:${a}`),
      );
      const decryptIntake = statements.find((st) => json(st.Resource).includes('IntakeKey'));
      expect(decryptIntake && actions(decryptIntake)).toEqual(['kms:Decrypt']);
      // No audit table (storage-events records what the files' arrival does), no SES sending.
      expect(json(statements)).not.toMatch(/AuditTable|ses:/);
    });

    it('alarms on its errors like the other background functions', () => {
      const alarms = resourcesOf(synthesized().templates.monitoring, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
      expect(alarms).toContainEqual(expect.objectContaining({ AlarmName: `ComDrive-${env}-IntakeErrors`, MetricName: 'Errors', Threshold: 1 }));
    });

    it('gives the drive functions the receiving domain for the intake addresses, and the others none', () => {
      for (const [id, fn] of resourcesOf(synthesized().templates.api, 'AWS::Lambda::Function')) {
        const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(variables[functionEnv.mailIntakeDomain], id).toBe(id.startsWith('DriveApi') ? domain : undefined);
      }
    });

    it('verifies the receiving domain in SES and outputs its DKIM records and the rule set to activate', () => {
      const mail = synthesized().templates.mail;
      mail.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: domain });
      expect(Object.keys(mail.findOutputs('*')).filter((id) => id.startsWith('IntakeDkimRecord'))).toHaveLength(3);
      storage().hasOutput('MailIntakeRuleSetName', { Value: { Ref: Match.stringLikeRegexp('^MailIntakeRuleSet') } });
    });

    it('has CloudFormation refuse a region where SES receives no mail (an environment-agnostic synth)', () => {
      const rule = (storage().toJSON() as { Rules?: Record<string, { Assertions: { Assert: unknown; AssertDescription: string }[] }> }).Rules?.MailReceivingRegion;
      expect(rule?.Assertions).toEqual([{ Assert: { 'Fn::Contains': [[...mailReceivingRegions], { Ref: 'AWS::Region' }] }, AssertDescription: expect.stringContaining('Receiving mail (SES)') }]);
    });
  });
};
