import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Function as LambdaFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { TableRef } from './data-stack.ts';
import type { EnvironmentConfig } from './environments.ts';
import { acknowledge } from './nag.ts';

export interface MonitoringStackProps extends StackProps {
  readonly config: EnvironmentConfig;
  /** The HTTP API (web stack). */
  readonly httpApi: IHttpApi;
  /** One Lambda per endpoint group (api stack): p95 duration against the environment's API threshold. */
  readonly apiFunctions: Readonly<Record<string, IFunction>>;
  /** Event-driven Lambdas (storage stack): p95 duration against 80 % of their own timeout. */
  readonly backgroundFunctions: Readonly<Record<string, IFunction>>;
  /** Background functions watched otherwise, by name. */
  readonly backgroundWatch?: Readonly<Record<string, BackgroundWatch>>;
  /** The main table and the audit-log table, with their index names. */
  readonly tables: Readonly<Record<string, TableRef>>;
}

/** How a background function is watched where the defaults (every error; p95 at 80 % of the timeout) do not fit. */
export interface BackgroundWatch {
  /** The p95 duration alarm's threshold, for a function whose runs are far shorter than its timeout (kept as a margin). */
  readonly p95DurationMs?: number;
  /**
   * The function fails on purpose until another one has caught up, and Lambda's asynchronous retries
   * deliver the event again: its alarm counts the events dropped after those retries (a file never
   * handled), not each failed attempt, which an ordinary race raises.
   */
  readonly failsUntilReady?: boolean;
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * SES account-level reputation (the sending region): AWS reviews an account at a 5 % bounce rate
 * and 0.1 % complaint rate and may pause its sending at 10 % and 0.5 %, so the alarms fire at the
 * review levels, while there is time to act (docs/operations.md "Alarms").
 */
export const sesThresholds = { bounceRate: 0.05, complaintRate: 0.001 } as const;

/** A CloudWatch alarm (and the dashboard) may combine at most this many metrics in one expression. */
const maxMetricsPerExpression = 10;

/**
 * What operators watch (docs/operations.md): alarms on the API's 5xx rate, every Lambda's errors,
 * throttles and p95 duration, DynamoDB throttling of each table and its indexes and SES reputation,
 * all to one SNS topic; and one dashboard with the same metrics. A stack of its own, deployed last:
 * it only reads the names of what the other stacks built.
 */
export class MonitoringStack extends Stack {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prefix = config.stackPrefix;

    this.topic = new Topic(this, 'AlarmTopic', {
      displayName: `ComDrive ${config.name} alarms`,
      // Publishing and subscribing over TLS only (a topic policy denying aws:SecureTransport false).
      enforceSSL: true,
    });
    acknowledge(
      this.topic,
      'AwsSolutions-SNS2',
      'Alarm notifications carry alarm names, metric names and thresholds, no tenant data. CloudWatch ' +
        'alarms cannot publish to a topic encrypted with the AWS-managed SNS key (its key policy does not ' +
        'admit cloudwatch.amazonaws.com), and a customer-managed key per environment would protect nothing here.',
    );
    if (config.monitoring.alarmEmail) this.topic.addSubscription(new EmailSubscription(config.monitoring.alarmEmail));
    const action = new SnsAction(this.topic);

    const alarm = (id: string, description: string, metric: IMetric, threshold: number, options: { periods?: number } = {}): Alarm => {
      const created = new Alarm(this, id, {
        alarmName: `${prefix}-${id}`,
        alarmDescription: `${description} (docs/operations.md "Alarms")`,
        metric,
        threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: options.periods ?? 1,
        datapointsToAlarm: options.periods ?? 1,
        // No requests, no invocations, no mail: nothing is wrong.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
      return created;
    };

    // API: the share of 5xx answers (the envelope's -1 and anything API Gateway answers itself),
    // counted only from 20 requests in five minutes so one failure at night is not a rate of 100 %.
    const apiRequests = props.httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum', label: 'requests' });
    const api4xx = props.httpApi.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum', label: '4xx' });
    const api5xx = props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum', label: '5xx' });
    const api5xxRate = new MathExpression({
      expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
      usingMetrics: { requests: apiRequests, errors: api5xx },
      period: FIVE_MINUTES,
      label: '5xx % of requests',
    });
    alarm('Api5xxRate', `API answers 5xx to ${config.monitoring.apiServerErrorPercent} % or more of its requests`, api5xxRate, config.monitoring.apiServerErrorPercent);

    // Lambdas: errors (a crash or a timeout; handled failures are envelopes, not errors), throttles
    // (the account's or a reserved concurrency), and p95 duration held for 15 minutes.
    const functions = [
      ...Object.entries(props.apiFunctions).map(([name, fn]) => ({ name, fn, p95Ms: config.monitoring.apiP95DurationMs, failsUntilReady: false })),
      ...Object.entries(props.backgroundFunctions).map(([name, fn]) => {
        const watch = props.backgroundWatch?.[name];
        return { name, fn, p95Ms: watch?.p95DurationMs ?? backgroundP95Ms(fn), failsUntilReady: watch?.failsUntilReady ?? false };
      }),
    ];
    for (const { name, fn, p95Ms, failsUntilReady } of functions) {
      const id = pascal(name);
      if (failsUntilReady) {
        alarm(`${id}EventsDropped`, `The ${name} function gave up ${config.monitoring.functionErrors} or more events in five minutes (still failing after its retries, or too old)`, fn.metric('AsyncEventsDropped', { period: FIVE_MINUTES, statistic: 'Sum' }), config.monitoring.functionErrors);
      } else {
        alarm(`${id}Errors`, `The ${name} function failed ${config.monitoring.functionErrors} or more times in five minutes`, fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), config.monitoring.functionErrors);
      }
      alarm(`${id}Throttles`, `Invocations of the ${name} function were throttled`, fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), 1);
      alarm(`${id}DurationP95`, `The ${name} function's p95 duration stayed at ${p95Ms} ms or more for 15 minutes`, fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p95' }), p95Ms, { periods: 3 });
    }

    // DynamoDB: throttled reads and writes of each table and its indexes, one alarm per table and kind.
    const throttleExpressions: Record<string, MathExpression> = {};
    for (const [name, ref] of Object.entries(props.tables)) {
      for (const kind of ['Read', 'Write'] as const) {
        const metrics = throttleMetrics(ref, `${kind}ThrottleEvents`, `${name.toLowerCase()}${kind.toLowerCase()}`);
        const expression = new MathExpression({
          expression: `SUM([${Object.keys(metrics).join(', ')}])`,
          usingMetrics: metrics,
          period: FIVE_MINUTES,
          label: `${name} ${kind.toLowerCase()} throttles (table and indexes)`,
        });
        throttleExpressions[`${name}${kind}`] = expression;
        alarm(`${pascal(name)}Table${kind}Throttles`, `DynamoDB throttled ${kind.toLowerCase()}s of the ${name} table or one of its indexes`, expression, 1);
      }
    }

    // SES: the account's reputation in this region (there is no configuration set of our own).
    const bounceRate = new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', statistic: 'Maximum', period: Duration.hours(1) });
    const complaintRate = new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.ComplaintRate', statistic: 'Maximum', period: Duration.hours(1) });
    alarm('SesBounceRate', `The SES account's bounce rate reached ${sesThresholds.bounceRate * 100} %, where AWS reviews sending`, bounceRate, sesThresholds.bounceRate);
    alarm('SesComplaintRate', `The SES account's complaint rate reached ${sesThresholds.complaintRate * 100} %, where AWS reviews sending`, complaintRate, sesThresholds.complaintRate);

    // One dashboard with the same metrics.
    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `${prefix}-operations`, defaultInterval: Duration.hours(6) });
    const wide = 12;
    const byFunction = (metric: (fn: IFunction) => IMetric) => functions.map(({ fn }) => metric(fn));
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# ComDrive ${config.name}\nAlarms go to the SNS topic of this stack. What each means and what to do: docs/operations.md "Alarms".`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }));
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API requests and errors', left: [apiRequests], right: [api4xx, api5xx], width: wide }),
      new GraphWidget({
        title: 'API 5xx %',
        left: [api5xxRate],
        leftAnnotations: [{ value: config.monitoring.apiServerErrorPercent, label: 'alarm' }],
        width: wide,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API latency p95 (ms)', left: [props.httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p95' }), props.httpApi.metricIntegrationLatency({ period: FIVE_MINUTES, statistic: 'p95' })], width: wide }),
      new GraphWidget({ title: 'Lambda duration p95 (ms)', left: byFunction((fn) => fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p95' })), width: wide }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Lambda errors', left: byFunction((fn) => fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' })), width: wide }),
      new GraphWidget({ title: 'Lambda throttles', left: byFunction((fn) => fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' })), width: wide }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'DynamoDB consumed capacity (units per 5 minutes)',
        left: Object.values(props.tables).flatMap(({ table }) => [
          table.metricConsumedReadCapacityUnits({ period: FIVE_MINUTES, statistic: 'Sum' }),
          table.metricConsumedWriteCapacityUnits({ period: FIVE_MINUTES, statistic: 'Sum' }),
        ]),
        width: wide,
      }),
      new GraphWidget({ title: 'DynamoDB throttle events (table and indexes)', left: Object.values(throttleExpressions), width: wide }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'SES reputation',
        left: [bounceRate.with({ label: 'bounce rate' }), complaintRate.with({ label: 'complaint rate' })],
        leftAnnotations: [
          { value: sesThresholds.bounceRate, label: 'bounce alarm' },
          { value: sesThresholds.complaintRate, label: 'complaint alarm' },
        ],
        width: wide,
      }),
    );
  }
}

/** 80 % of a background function's own timeout (import and drive jobs run for up to 15 minutes). */
const backgroundP95Ms = (fn: IFunction): number => {
  const timeout = fn instanceof LambdaFunction ? fn.timeout : undefined;
  if (!timeout) throw new Error(`${fn.node.path}: a monitored background function needs its timeout`);
  return Math.round(timeout.toMilliseconds() * 0.8);
};

/**
 * The throttle metric of a table and of each of its indexes, keyed `<idPrefix>0`, `<idPrefix>1`, ...
 * for an expression (ids unique across the dashboard graph that shows every table's expressions).
 */
const throttleMetrics = ({ table, indexNames }: TableRef, metricName: string, idPrefix: string): Record<string, IMetric> => {
  const dimensions = [{ TableName: table.tableName }, ...indexNames.map((index) => ({ TableName: table.tableName, GlobalSecondaryIndexName: index }))];
  if (dimensions.length > maxMetricsPerExpression) {
    throw new Error(`${table.node.path}: ${dimensions.length} throttle metrics exceed what one alarm expression may combine; split the alarm`);
  }
  return Object.fromEntries(
    dimensions.map((dimensionsMap, i) => [`${idPrefix}${i}`, new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap, statistic: 'Sum', period: FIVE_MINUTES })]),
  );
};

const pascal = (name: string): string =>
  name.replace(/(^|[-_/])(\w)/g, (_match: string, _sep: string, char: string) => char.toUpperCase());
