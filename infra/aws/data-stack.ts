import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Key, type IKey } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { auditTable, mainTable, sortKeyType, type TableDesign } from '#lib/table-design.ts';
import type { EnvironmentConfig } from './environments.ts';

export interface DataStackProps extends StackProps {
  readonly config: EnvironmentConfig;
}

/** A table and the names of its indexes (IAM grants name each index instead of `index/*`). */
export interface TableRef {
  readonly table: Table;
  readonly indexNames: readonly string[];
}

/**
 * The single tenant-data table, the audit-log table, the token signing secret and, in environments
 * that ask for it, the customer-managed KMS key they (and the files bucket) are encrypted with.
 */
export class DataStack extends Stack {
  readonly main: TableRef;
  readonly audit: TableRef;
  readonly tokenSecret: Secret;
  readonly key: IKey | undefined;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.key =
      config.encryption === 'customer-managed'
        ? new Key(this, 'DataKey', {
            description: `ComDrive ${config.name}: tables, token secret and file bytes`,
            enableKeyRotation: true,
            removalPolicy: config.removalPolicy,
            pendingWindow: Duration.days(30),
          })
        : undefined;

    this.main = this.table('MainTable', mainTable, config);
    this.audit = this.table('AuditTable', auditTable, config);
    // Read by `npm run tenant -- create ... --env <name>` to provision contracts in this environment.
    new CfnOutput(this, 'TableName', { value: this.main.table.tableName });
    // Read by `npm run audit -- <kyk_id> ... --env <name>` (the audit log) and `npm run tenant -- export|delete ... --env <name>`.
    new CfnOutput(this, 'AuditTableName', { value: this.audit.table.tableName });

    this.tokenSecret = new Secret(this, 'TokenSecret', {
      description: `ComDrive ${config.name}: signing key of session tokens`,
      generateSecretString: { passwordLength: config.tokenSecretLength, excludePunctuation: true },
      ...(this.key ? { encryptionKey: this.key } : {}),
      removalPolicy: config.removalPolicy,
    });
    Validations.of(this.tokenSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Tokens are verified with this one key; rotating it signs every user out. Rotation is an ' +
        'operator action (docs: put a new value, sessions re-login), not a scheduled Lambda.',
    });
  }

  private table(id: string, design: TableDesign, config: EnvironmentConfig): TableRef {
    const table = new Table(this, id, {
      partitionKey: { name: design.partitionKey, type: AttributeType.STRING },
      sortKey: { name: design.sortKey, type: AttributeType.STRING },
      timeToLiveAttribute: design.timeToLiveAttribute,
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      ...(this.key
        ? { encryption: TableEncryption.CUSTOMER_MANAGED, encryptionKey: this.key }
        : { encryption: TableEncryption.AWS_MANAGED }),
      deletionProtection: config.deletionProtection,
      removalPolicy: config.removalPolicy,
    });
    for (const index of design.indexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: sortKeyType(index) === 'N' ? AttributeType.NUMBER : AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    return { table, indexNames: design.indexes.map((index) => index.name) };
  }
}
