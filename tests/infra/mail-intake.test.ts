import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '#infra/aws/app.ts';
import { loadEnvironment } from '#infra/aws/environments.ts';
import { outRoot } from './synth.ts';

/**
 * Mail intake's settings that must fail (docs/operations.md "Receiving mail (SES)"). What a receiving
 * domain makes, and what none makes, is checked on stacks.test.ts's synths (mail-intake.ts); here only
 * what needs an app of its own, which fails while the stacks are built: no synth, no cdk-nag, no bundling.
 */
const domain = 'in.example.org';
const skipBundling = { 'aws:cdk:bundling-stacks': [] };
const outdir = (name: string) => path.join(outRoot, `mail-intake-${name}`);

describe('regions', () => {
  const saved = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
  afterEach(() => {
    for (const [name, value] of [['CDK_DEFAULT_ACCOUNT', saved.account], ['CDK_DEFAULT_REGION', saved.region]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('fails synth with a clear message when the stack is in a region where SES receives no mail', () => {
    process.env.CDK_DEFAULT_ACCOUNT = '111111111111';
    process.env.CDK_DEFAULT_REGION = 'ap-northeast-3';
    expect(() => buildApp({ env: 'dev', outdir: outdir('osaka'), webDist: outdir('no-web-dist'), context: { ...skipBundling, mailIntakeDomain: domain } }))
      .toThrow(/SES receives no mail in ap-northeast-3, so mailIntakeDomain in\.example\.org cannot be received there\. Deploy the environment to one of .*ap-northeast-1/);
  });

  it('refuses a receiving domain that is not a domain name', () => {
    for (const bad of ['example', 'in example.org', 'a@example.org', '-in.example.org']) {
      expect(() => loadEnvironment('dev', (key) => (key === 'mailIntakeDomain' ? bad : undefined)), bad).toThrow(/mailIntakeDomain must be a domain name/);
    }
  });
});
