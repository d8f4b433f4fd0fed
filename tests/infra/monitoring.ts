import { describe, expect, it } from 'vitest';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { endpointGroups } from '#shared/routes.ts';
import { mainTable, auditTable } from '#lib/table-design.ts';
import { backgroundFunctionNames } from '#infra/aws/bundling.ts';
import { sesThresholds } from '#infra/aws/monitoring.ts';
import type { EnvName } from '#infra/aws/environments.ts';
import type { Synthesized } from './synth.ts';

/**
 * What operators need (docs/operations.md): alarms to one SNS topic, one dashboard, log retention
 * on every function's log group. Called from stacks.test.ts for each environment.
 */
type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };

const pascal = (name: string): string =>
  name.replace(/(^|[-_/])(\w)/g, (_match: string, _sep: string, char: string) => char.toUpperCase());

const expectedRetention: Record<EnvName, number> = {
  dev: RetentionDays.TWO_WEEKS,
  test: RetentionDays.TWO_WEEKS,
  bastion: RetentionDays.THREE_MONTHS,
  customer: RetentionDays.ONE_YEAR,
};

export const monitoringTests = (env: EnvName, synthesized: () => Synthesized, options: { alarmEmail?: string } = {}): void => {
  describe('monitoring stack', () => {
    const resources = () => synthesized().templates.monitoring.toJSON().Resources as Record<string, Resource>;
    const ofType = (type: string) => Object.entries(resources()).filter(([, r]) => r.Type === type);
    const alarms = () => new Map(ofType('AWS::CloudWatch::Alarm').map(([, r]) => [r.Properties.AlarmName as string, r.Properties]));
    const prefix = `ComDrive-${env}`;
    const topicId = () => ofType('AWS::SNS::Topic')[0]![0];
    const functionNames = [...endpointGroups, ...backgroundFunctionNames];

    it('has one alarm topic, TLS only, with the e-mail subscriber of the settings if any', () => {
      expect(ofType('AWS::SNS::Topic')).toHaveLength(1);
      const policies = ofType('AWS::SNS::TopicPolicy');
      expect(policies).toHaveLength(1);
      const policy = policies[0]![1];
      expect(JSON.stringify(policy.Properties.Topics)).toContain(topicId());
      expect((policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
      const subscriptions = ofType('AWS::SNS::Subscription').map(([, r]) => r.Properties);
      expect(subscriptions).toEqual(options.alarmEmail ? [expect.objectContaining({ Protocol: 'email', Endpoint: options.alarmEmail, TopicArn: { Ref: topicId() } })] : []);
    });

    it('sends every alarm and its recovery to the topic', () => {
      expect(alarms().size).toBe(1 + 3 * functionNames.length + 4 + 2);
      for (const [name, alarm] of alarms()) {
        expect(name.startsWith(`${prefix}-`), name).toBe(true);
        expect(alarm.AlarmActions, name).toEqual([{ Ref: topicId() }]);
        expect(alarm.OKActions, name).toEqual([{ Ref: topicId() }]);
        expect(alarm.TreatMissingData, name).toBe('notBreaching');
        expect(alarm.AlarmDescription, name).toContain('docs/operations.md');
      }
    });

    it('alarms on the share of API 5xx answers, from 20 requests in five minutes', () => {
      const alarm = alarms().get(`${prefix}-Api5xxRate`)!;
      expect(alarm).toMatchObject({ Threshold: 5, ComparisonOperator: 'GreaterThanOrEqualToThreshold', EvaluationPeriods: 1 });
      const metrics = alarm.Metrics as { Id: string; Expression?: string; MetricStat?: { Metric: { MetricName: string; Namespace: string }; Period: number; Stat: string } }[];
      expect(metrics.find((m) => m.Expression)?.Expression).toBe('IF(requests >= 20, 100 * errors / requests, 0)');
      expect(metrics.filter((m) => m.MetricStat).map((m) => [m.Id, m.MetricStat!.Metric.Namespace, m.MetricStat!.Metric.MetricName, m.MetricStat!.Period, m.MetricStat!.Stat]).sort()).toEqual([
        ['errors', 'AWS/ApiGateway', '5xx', 300, 'Sum'],
        ['requests', 'AWS/ApiGateway', 'Count', 300, 'Sum'],
      ]);
    });

    it("alarms on each Lambda's errors (extraction's: the events it gave up), throttles and p95 duration", () => {
      for (const name of functionNames) {
        const id = pascal(name);
        const stack = (backgroundFunctionNames as readonly string[]).includes(name) ? 'Storage' : 'Api';
        const functionRef = expect.objectContaining({ 'Fn::ImportValue': expect.stringMatching(new RegExp(`^${prefix}-${stack}:ExportsOutputRef${id}(Api)?Function`)) });
        // Extraction fails on purpose while storage-events has not confirmed the bytes, and is retried:
        // what matters is an event still failing after the retries (a file whose fields are never read).
        const [failures, metricName] = name === 'extraction' ? ['EventsDropped', 'AsyncEventsDropped'] : ['Errors', 'Errors'];
        expect(alarms().get(`${prefix}-${id}${failures}`), name).toMatchObject({
          Namespace: 'AWS/Lambda', MetricName: metricName, Statistic: 'Sum', Period: 300, Threshold: 1, Dimensions: [{ Name: 'FunctionName', Value: functionRef }],
        });
        if (name === 'extraction') expect(alarms().has(`${prefix}-${id}Errors`)).toBe(false);
        expect(alarms().get(`${prefix}-${id}Throttles`), name).toMatchObject({
          Namespace: 'AWS/Lambda', MetricName: 'Throttles', Statistic: 'Sum', Threshold: 1, Dimensions: [{ Name: 'FunctionName', Value: functionRef }],
        });
        // API functions against the environment's threshold, the others against 80 % of their timeout,
        // but extraction, whose runs take seconds against its two minutes, against a minute.
        const budgets: Record<string, number> = { previews: 96_000, extraction: 60_000 };
        const p95 = budgets[name] ?? ((backgroundFunctionNames as readonly string[]).includes(name) ? 720_000 : 5000);
        expect(alarms().get(`${prefix}-${id}DurationP95`), name).toMatchObject({
          Namespace: 'AWS/Lambda', MetricName: 'Duration', ExtendedStatistic: 'p95', Threshold: p95, EvaluationPeriods: 3, DatapointsToAlarm: 3,
        });
      }
    });

    it('alarms on throttled reads and writes of each table and every one of its indexes', () => {
      for (const [table, design] of [['Main', mainTable], ['Audit', auditTable]] as const) {
        for (const kind of ['Read', 'Write']) {
          const alarm = alarms().get(`${prefix}-${table}Table${kind}Throttles`)!;
          expect(alarm, `${table} ${kind}`).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
          const metrics = (alarm.Metrics as { Expression?: string; MetricStat?: { Metric: { MetricName: string; Dimensions: { Name: string; Value: unknown }[] } } }[]);
          expect(metrics.find((m) => m.Expression)?.Expression).toMatch(/^SUM\(\[/);
          const stats = metrics.filter((m) => m.MetricStat).map((m) => m.MetricStat!.Metric);
          expect(new Set(stats.map((m) => m.MetricName))).toEqual(new Set([`${kind}ThrottleEvents`]));
          const indexes = stats.map((m) => m.Dimensions.find((d) => d.Name === 'GlobalSecondaryIndexName')?.Value ?? '(table)');
          expect(indexes.sort()).toEqual(['(table)', ...design.indexes.map((index) => index.name)].sort());
        }
      }
    });

    it('alarms on the SES account bounce and complaint rates at the levels where AWS reviews sending', () => {
      expect(alarms().get(`${prefix}-SesBounceRate`)).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate', Threshold: sesThresholds.bounceRate, Statistic: 'Maximum' });
      expect(alarms().get(`${prefix}-SesComplaintRate`)).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.ComplaintRate', Threshold: sesThresholds.complaintRate, Statistic: 'Maximum' });
    });

    it('has one dashboard with the same metrics', () => {
      const dashboards = ofType('AWS::CloudWatch::Dashboard');
      expect(dashboards).toHaveLength(1);
      const [, dashboard] = dashboards[0]!;
      expect(dashboard.Properties.DashboardName).toBe(`${prefix}-operations`);
      const body = JSON.stringify(dashboard.Properties.DashboardBody);
      for (const needle of ['AWS/ApiGateway', '5xx', 'AWS/Lambda', 'Errors', 'Throttles', 'p95', 'AWS/DynamoDB', 'ReadThrottleEvents', 'WriteThrottleEvents', 'ConsumedReadCapacityUnits', 'Reputation.BounceRate', 'Reputation.ComplaintRate', 'alarm']) {
        expect(body, needle).toContain(needle);
      }
    });
  });

  describe('log retention', () => {
    it(`keeps every log group of the stacks ${expectedRetention[env]} days`, () => {
      const { templates } = synthesized();
      let groups = 0;
      for (const template of Object.values(templates)) {
        if (!template) continue;
        for (const [id, resource] of Object.entries(template.toJSON().Resources as Record<string, Resource>)) {
          if (resource.Type !== 'AWS::Logs::LogGroup') continue;
          groups += 1;
          expect(resource.Properties.RetentionInDays, id).toBe(expectedRetention[env]);
        }
      }
      expect(groups).toBeGreaterThanOrEqual(endpointGroups.length + 2);
    });

    it("sends every app function's logs to its own log group with that retention", () => {
      const { templates } = synthesized();
      let appFunctions = 0;
      for (const template of [templates.api, templates.storage]) {
        const all = template.toJSON().Resources as Record<string, Resource>;
        for (const [id, fn] of Object.entries(all)) {
          // CDK's own deploy-time handlers (bucket notifications, auto-delete) have no LoggingConfig: see docs/operations.md.
          if (fn.Type !== 'AWS::Lambda::Function' || !/^(\w+Api|StorageEvents|Previews|Extraction)Function/.test(id)) continue;
          appFunctions += 1;
          const logGroup = (fn.Properties.LoggingConfig as { LogGroup?: { Ref: string } } | undefined)?.LogGroup;
          expect(logGroup, id).toEqual({ Ref: expect.any(String) });
          expect(all[logGroup!.Ref]!.Properties.RetentionInDays, id).toBe(expectedRetention[env]);
        }
      }
      expect(appFunctions).toBe(endpointGroups.length + 3);
    });
  });
};
