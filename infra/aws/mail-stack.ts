import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { EnvironmentConfig } from './environments.ts';

export interface MailStackProps extends StackProps {
  readonly config: EnvironmentConfig;
}

/** The SES identity mail is sent from: a domain (DKIM records to publish) or a single address. */
export class MailStack extends Stack {
  readonly identity: EmailIdentity;

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
  }
}
