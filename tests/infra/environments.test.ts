import { RemovalPolicy } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#infra/aws/app.ts';
import { envNames, loadEnvironment } from '#infra/aws/environments.ts';

describe('environment settings', () => {
  it('has point-in-time-recovery-safe defaults everywhere and protects the customer', () => {
    for (const name of envNames) {
      const config = loadEnvironment(name);
      expect(config.stackPrefix).toBe(`ComDrive-${name}`);
      expect(config.sessionIdleMinutes).toBe(60);
      expect(config.tokenSecretLength).toBe(64);
    }
    const customer = loadEnvironment('customer');
    expect(customer.deletionProtection).toBe(true);
    expect(customer.removalPolicy).toBe(RemovalPolicy.RETAIN);
    expect(customer.encryption).toBe('customer-managed');
    // Audit records: seven years for the customer, shorter where nothing is kept for long.
    expect(customer.auditRetentionDays).toBe(2557);
    expect(loadEnvironment('bastion').auditRetentionDays).toBe(400);
    expect(loadEnvironment('dev').auditRetentionDays).toBe(90);
  });

  it('takes deployment-specific names from context', () => {
    const context: Record<string, string> = { mailFrom: 'noreply@mail.example.jp', mailIdentity: 'mail.example.jp', sessionIdleMinutes: '30' };
    const config = loadEnvironment('test', (key) => context[key]);
    expect(config.mail).toEqual({ from: 'noreply@mail.example.jp', identity: 'mail.example.jp' });
    expect(config.sessionIdleMinutes).toBe(30);
  });

  it('takes the property module address for link_to_atp from -c propertyUrl, https only (docs/home.md)', () => {
    expect(loadEnvironment('test').moduleUrls).toBeUndefined();
    expect(loadEnvironment('test', (key) => (key === 'propertyUrl' ? 'https://property.example.jp/sso' : undefined)).moduleUrls).toEqual({ property: 'https://property.example.jp/sso' });
    expect(() => loadEnvironment('test', (key) => (key === 'propertyUrl' ? 'http://property.example.jp' : undefined))).toThrow(/propertyUrl must be an https address/);
  });

  it('locks legal-style documents in COMPLIANCE mode for the customer only, GOVERNANCE for a day elsewhere', () => {
    for (const name of envNames) {
      expect(loadEnvironment(name).objectLock).toEqual(name === 'customer' ? { mode: 'COMPLIANCE' } : { mode: 'GOVERNANCE', maxRetentionDays: 1 });
    }
  });

  it('takes the alarm e-mail from context, and none by default', () => {
    for (const name of envNames) expect(loadEnvironment(name).monitoring.alarmEmail).toBeUndefined();
    expect(loadEnvironment('customer', (key) => ({ alarmEmail: 'oncall@example.co.jp' })[key]).monitoring).toMatchObject({ alarmEmail: 'oncall@example.co.jp', apiServerErrorPercent: 5 });
    expect(() => loadEnvironment('dev', (key) => ({ alarmEmail: 'not-an-address' })[key])).toThrow(/must be an e-mail address/);
  });

  it('refuses inconsistent settings', () => {
    expect(() => loadEnvironment('dev', (key) => ({ mailFrom: 'a@other.example' })[key])).toThrow(/not covered/);
    expect(() => loadEnvironment('dev', (key) => ({ webDomain: 'x.example.com' })[key])).toThrow(/go together/);
    expect(() => loadEnvironment('dev', (key) => ({ sessionIdleMinutes: '0' })[key])).toThrow(/positive integer/);
  });

  it('refuses an unknown environment', () => {
    expect(() => buildApp({ context: { env: 'prod' } })).toThrow(/Unknown environment "prod"/);
  });
});
