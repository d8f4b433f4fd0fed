import { describe, expect, it } from 'vitest';
import { functionEnv } from '#lib/table-design.ts';
import type { EnvName } from '#infra/aws/environments.ts';
import type { Synthesized } from './synth.ts';

/**
 * S3 Object Lock of legal-style documents (docs/architecture.md "Retention lock (Object Lock)"),
 * checked on each environment's synthesized stacks (called from stacks.test.ts, which synthesizes
 * every environment once). s3rver has no Object Lock, so these are the only tests of the bucket's
 * side; functions/lib/object-lock.test.ts tests the calls.
 */
type Resource = { Type: string; Properties: Record<string, unknown> };
type Statement = { Effect: string; Action: string | string[]; Resource?: unknown };

const actions = (statement: Statement): string[] => [statement.Action].flat();

/** Does an IAM action pattern (`s3:*`, `s3:Bypass*`, `*`) grant `action`? */
const grants = (pattern: string, action: string): boolean =>
  new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i').test(action);

/** Every Allow statement of every identity policy in a template (policies, managed policies, roles' inline policies). */
const allowStatements = (resources: Record<string, Resource>): { where: string; statement: Statement }[] =>
  Object.entries(resources).flatMap(([id, resource]) => {
    const documents: unknown[] =
      resource.Type === 'AWS::IAM::Policy' || resource.Type === 'AWS::IAM::ManagedPolicy'
        ? [resource.Properties.PolicyDocument]
        : resource.Type === 'AWS::IAM::Role'
          ? ((resource.Properties.Policies as { PolicyDocument: unknown }[] | undefined) ?? []).map((policy) => policy.PolicyDocument)
          : [];
    return documents.flatMap((document) =>
      ((document as { Statement: Statement[] }).Statement ?? []).filter((s) => s.Effect === 'Allow').map((statement) => ({ where: id, statement })),
    );
  });

export const objectLockTests = (env: EnvName, synthesized: () => Synthesized): void => {
  const customer = env === 'customer';

  describe('Object Lock of legal-style documents', () => {
    const storage = () => synthesized().templates.storage.toJSON().Resources as Record<string, Resource>;
    const api = () => synthesized().templates.api.toJSON().Resources as Record<string, Resource>;
    const filesBucket = () => storage()[synthesized().logicalId(synthesized().built.stacks.storage.filesBucket)]!;
    const functionsOf = (resources: Record<string, Resource>) =>
      Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function');
    const variablesOf = (fn: Resource) => ((fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {});

    it('enables Object Lock on the versioned files bucket, with no default retention', () => {
      expect(filesBucket().Properties).toMatchObject({ ObjectLockEnabled: true, VersioningConfiguration: { Status: 'Enabled' } });
      // A default retention would lock every object, general documents and the trash included.
      expect(filesBucket().Properties.ObjectLockConfiguration).toBeUndefined();
    });

    it('expires non-current versions after a day and removes expired delete markers, so a deleted general file frees its storage', () => {
      const rules = (filesBucket().Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
      const rule = rules.find((r) => r.NoncurrentVersionExpiration !== undefined);
      expect(rule).toEqual({
        Id: 'ExpireNoncurrentVersions',
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        ExpiredObjectDeleteMarker: true,
        Status: 'Enabled',
      });
      // The rule covers the whole bucket (no prefix, no tag filter): every tenant object.
      expect(rule).not.toHaveProperty('Prefix');
      expect(rule).not.toHaveProperty('TagFilters');
    });

    it(customer ? 'gives storage-events, drive-jobs and drive the COMPLIANCE mode' : 'gives storage-events, drive-jobs and drive the GOVERNANCE mode capped at one day', () => {
      const expected = customer
        ? { [functionEnv.objectLockMode]: 'COMPLIANCE' }
        : { [functionEnv.objectLockMode]: 'GOVERNANCE', [functionEnv.objectLockMaxRetentionDays]: '1' };
      const locking = [
        ...functionsOf(storage()).filter(([id]) => id.startsWith('StorageEventsFunction') || id.startsWith('DriveJobsFunction')),
        ...functionsOf(api()).filter(([id]) => id.startsWith('DriveApiFunction')),
      ];
      expect(locking).toHaveLength(3);
      for (const [id, fn] of locking) {
        const variables = variablesOf(fn);
        const lockVariables = Object.fromEntries(Object.entries(variables).filter(([name]) => name.startsWith('OBJECT_LOCK_')));
        expect(lockVariables, id).toEqual(expected);
      }
      // Nobody else locks: previews, import-jobs, the other groups and CDK's own handlers carry no lock settings.
      const others = [...functionsOf(storage()), ...functionsOf(api())].filter(([id]) => !locking.some(([lockingId]) => lockingId === id));
      expect(others.length).toBeGreaterThan(2);
      for (const [id, fn] of others) {
        expect(Object.keys(variablesOf(fn)).filter((name) => name.startsWith('OBJECT_LOCK_')), id).toEqual([]);
      }
    });

    it('lets storage-events, drive-jobs and drive put and read retentions of tenant objects, and nobody else', () => {
      const s = synthesized();
      const retentionPolicyId = s.logicalId(s.built.stacks.storage.objectRetentionPolicy);
      expect(storage()[retentionPolicyId]!.Properties.PolicyDocument).toEqual({
        Version: '2012-10-17',
        Statement: [{ Action: ['s3:GetObjectRetention', 's3:PutObjectRetention'], Effect: 'Allow', Resource: { 'Fn::Join': ['', [expect.anything(), '/t/*']] } }],
      });
      // drive: the managed policy on its role; no other API role has it.
      const roles = Object.entries(api()).filter(([, r]) => r.Type === 'AWS::IAM::Role');
      const withPolicy = roles.filter(([, r]) => JSON.stringify(r.Properties.ManagedPolicyArns ?? []).includes(retentionPolicyId)).map(([id]) => id);
      expect(withPolicy).toHaveLength(1);
      expect(withPolicy[0]).toMatch(/^DriveApiRole/);
      // storage-events and drive-jobs: the same actions on t/* in their roles' policies; previews and import-jobs none.
      const storageStatements = allowStatements(storage()).filter(({ statement }) => actions(statement).some((a) => a.endsWith('ObjectRetention')));
      const holders = new Set(storageStatements.map(({ where }) => where));
      expect(holders.size).toBe(3);
      expect([...holders]).toEqual(expect.arrayContaining([retentionPolicyId, expect.stringMatching(/^StorageEventsRoleDefaultPolicy/), expect.stringMatching(/^DriveJobsRoleDefaultPolicy/)]));
      for (const { statement } of storageStatements) expect(JSON.stringify(statement.Resource)).toContain('/t/*');
    });

    it('gives no role of any stack s3:BypassGovernanceRetention, not even through a wildcard', () => {
      // The check itself counts wildcards as grants.
      for (const pattern of ['*', 's3:*', 's3:Bypass*', 'S3:BYPASSGOVERNANCERETENTION']) expect(grants(pattern, 's3:BypassGovernanceRetention')).toBe(true);
      for (const pattern of ['s3:DeleteObject*', 's3:PutObjectRetention', 's3:Get*']) expect(grants(pattern, 's3:BypassGovernanceRetention')).toBe(false);
      const { templates } = synthesized();
      for (const template of Object.values(templates)) {
        if (!template) continue;
        for (const { where, statement } of allowStatements(template.toJSON().Resources as Record<string, Resource>)) {
          for (const action of actions(statement)) {
            expect(grants(action, 's3:BypassGovernanceRetention'), `${where}: ${action}`).toBe(false);
          }
        }
      }
    });
  });
};

