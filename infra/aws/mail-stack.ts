import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { EnvironmentConfig } from './environments.ts';

export interface MailStackProps extends StackProps {
  readonly config: EnvironmentConfig;
}

/**
 * The SES identity mail is sent from: a domain (DKIM records to publish) or a single address; and the
 * receiving domain's, where the environment receives mail on a domain of its own (SES receives only
 * for verified domains: docs/operations.md "Receiving mail (SES)").
 */
export class MailStack extends Stack {
  readonly identity: EmailIdentity;
  readonly intakeIdentity: EmailIdentity | undefined;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const { identity } = props.config.mail;
    const isAddress = identity.includes('@');
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: isAddress ? Identity.email(identity) : Identity.domain(identity),
    });
    if (!isAddress) {
      // Easy DKIM: publish these three CNAME records in the domain's DNS to verify it.
      this.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, { value: `${record.name} CNAME ${record.value}` });
      });
    }
    const intakeDomain = props.config.mailIntakeDomain;
    this.intakeIdentity = intakeDomain && intakeDomain !== identity.toLowerCase()
      ? new EmailIdentity(this, 'IntakeIdentity', { identity: Identity.domain(intakeDomain) })
      : undefined;
    this.intakeIdentity?.dkimRecords.forEach((record, i) => {
      new CfnOutput(this, `IntakeDkimRecord${i + 1}`, { value: `${record.name} CNAME ${record.value}` });
    });
  }
}
