import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Arn, Aws, CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  type HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { API_PREFIX } from '#shared/envelope.ts';
import { originHeaders } from '#lib/table-design.ts';
import type { EnvironmentConfig } from './environments.ts';
import { edgeRegion } from './edge-stack.ts';
import { createLogBucket } from './log-bucket.ts';
import { acknowledge, acknowledgeAwsCustomResource, acknowledgeBucketDeployment } from './nag.ts';
import {
  contentSecurityPolicy,
  hstsMaxAgeSeconds,
  inlineScriptHashes,
  permissionsPolicy,
  referrerPolicies,
  s3FileOrigins,
  secretPathPatterns,
  type PageKind,
} from './security-headers.ts';

export interface WebStackProps extends StackProps {
  readonly config: EnvironmentConfig;
  /** Built SPA to upload (`web/dist`); skipped when it holds no index.html (synth without a web build). */
  readonly webDist: string | undefined;
  /** The SSM parameter (us-east-1) holding the edge stack's web ACL ARN; unused with config.webAclArn. */
  readonly webAclArnParameter?: string;
}

/**
 * SPA rewrite for the default behaviour: a path whose last segment has no file extension is a
 * client-side route and gets /index.html. Done per behaviour instead of with 403/404 error
 * responses, which are distribution-wide and would turn the API's 404 envelopes into the SPA.
 */
export const spaFallbackCode = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * Viewer request of `/api/*`: the viewer's IP address in a header of our own, written over whatever
 * the client sent (API Gateway behind CloudFront only sees the edge's address).
 */
export const viewerAddressCode = `function handler(event) {
  var request = event.request;
  request.headers['${originHeaders.viewerAddress}'] = { value: event.viewer.ip };
  return request;
}`;

/**
 * The public entry: CloudFront serving the SPA from a private bucket and `/api/*` from the HTTP
 * API, so browser and API share one origin. The HTTP API itself (API, stage, access log) lives
 * here too, and the api stack adds the Lambdas and routes to it: this way the distribution does
 * not depend on the Lambdas, the storage stack can name the distribution in the files bucket's
 * CORS rule, and the api stack can depend on storage, with no cycle:
 * data, mail, web -> storage -> api.
 */
export class WebStack extends Stack {
  readonly httpApi: HttpApi;
  readonly distribution: Distribution;
  /** `https://<host>` of every name the SPA is served under. */
  readonly webOrigins: string[];
  /** The address users open the product at (the custom domain when there is one): links in mails name it. */
  readonly appUrl: string;
  /** False when there was no SPA build to upload (bin/app.ts prints a note). */
  readonly spaDeployed: boolean;
  /**
   * Sent by CloudFront with every API request: the functions trust the viewer address only with it,
   * and refuse requests that went straight to execute-api (functions/lib/client-address.ts).
   */
  readonly originVerifySecret: Secret;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    const destroy = config.removalPolicy === RemovalPolicy.DESTROY;

    // --- HTTP API (routes come from the api stack) ---
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${config.stackPrefix}-api`,
      description: `ComDrive ${config.name} API, served to browsers through CloudFront under ${API_PREFIX}/`,
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    new HttpStage(this, 'ApiStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: config.apiThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            route: '$context.routeKey',
            status: '$context.status',
            bytes: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    const apiDomain = `${this.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;

    // --- SPA bucket and logs ---
    const logs = createLogBucket(this, 'Logs', config, { cloudFrontLogs: true });
    const spaBucket = new Bucket(this, 'SpaBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'spa-bucket/',
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: destroy,
    });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(spaFallbackCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Rewrites SPA routes (no file extension) to /index.html',
    });

    this.originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      description: `ComDrive ${config.name}: header CloudFront sends to the API origin`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: config.removalPolicy,
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'The value lives in the distribution config and the functions read it at cold start; rotation is an operator action (put a new value, redeploy web).',
    });
    const viewerAddress = new CloudFrontFunction(this, 'ViewerAddress', {
      code: FunctionCode.fromInline(viewerAddressCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Passes the viewer IP address to the API (the IP allow-list)',
    });

    // A build is a folder with index.html; without one the upload is skipped.
    this.spaDeployed = props.webDist !== undefined && existsSync(path.join(props.webDist, 'index.html'));
    // The CSP allows the inline scripts of exactly the index.html this deploy uploads, by hash.
    const csp = contentSecurityPolicy({
      fileOrigins: s3FileOrigins(Aws.REGION),
      inlineScriptHashes: props.webDist && this.spaDeployed ? inlineScriptHashes(readFileSync(path.join(props.webDist, 'index.html'), 'utf8')) : [],
    });
    const appHeaders = this.headersPolicy('AppHeaders', 'app', csp, config);
    const shareHeaders = this.headersPolicy('ShareHeaders', 'share', csp, config);
    const webAclId = config.webAclArn ?? (props.webAclArnParameter ? this.webAclArnFrom(props.webAclArnParameter, config) : undefined);
    // One origin (one origin access control) for the default and the /share/* behaviours.
    const spaOrigin = S3BucketOrigin.withOriginAccessControl(spaBucket);

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `ComDrive ${config.name}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // TLS 1.2+ needs an own certificate; the default *.cloudfront.net one is fixed at TLSv1.
      ...(config.web
        ? {
            domainNames: [config.web.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', config.web.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      ...(webAclId ? { webAclId } : {}),
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: spaOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: appHeaders,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Share and request pages are the SPA too, but send no Referer: their URL carries the link's secret.
        ...Object.fromEntries(secretPathPatterns.map((pattern) => [pattern, {
          origin: spaOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: shareHeaders,
          functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
        }])),
        [`${API_PREFIX}/*`]: {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            customHeaders: { [originHeaders.verify]: this.originVerifySecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Every viewer header (Authorization included, the calls are POSTs) except Host, which
          // must be the API's own name for API Gateway to route the request.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: appHeaders,
          functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    this.appUrl = config.web ? `https://${config.web.domainName}` : `https://${this.distribution.distributionDomainName}`;
    this.webOrigins = [
      `https://${this.distribution.distributionDomainName}`,
      ...(config.web ? [`https://${config.web.domainName}`] : []),
    ];

    if (props.webDist && this.spaDeployed) this.deploySpa(props.webDist, spaBucket, config);

    this.acknowledgeFindings(config, webAclId !== undefined);

    new CfnOutput(this, 'WebUrl', { value: this.appUrl });
    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }

  /** The security headers of security-headers.ts, the ones the local static server sends too. */
  private headersPolicy(id: string, kind: PageKind, csp: string, config: EnvironmentConfig): ResponseHeadersPolicy {
    return new ResponseHeadersPolicy(this, id, {
      responseHeadersPolicyName: `${config.stackPrefix}-${kind}-headers`,
      comment: `ComDrive ${config.name}: security headers (${kind})`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(hstsMaxAgeSeconds), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: referrerPolicies[kind] as HeadersReferrerPolicy, override: true },
      },
      customHeadersBehavior: { customHeaders: [{ header: 'Permissions-Policy', value: permissionsPolicy, override: true }] },
    });
  }

  /**
   * The edge stack's web ACL ARN, read from its SSM parameter in us-east-1 at deploy time (the ACL
   * cannot live in this stack's region, and CloudFormation exports do not cross regions).
   */
  private webAclArnFrom(parameterName: string, config: EnvironmentConfig): string {
    const parameterArn = Arn.format({ partition: Aws.PARTITION, service: 'ssm', region: edgeRegion, account: Aws.ACCOUNT_ID, resource: 'parameter', resourceName: parameterName.replace(/^\//, '') });
    const lookup = new AwsCustomResource(this, 'WebAclArnLookup', {
      onUpdate: {
        service: 'SSM',
        action: 'getParameter',
        parameters: { Name: parameterName },
        region: edgeRegion,
        physicalResourceId: PhysicalResourceId.of(parameterName),
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [parameterArn] }),
      installLatestAwsSdk: false,
      // The handler's logs are kept as long as every other function's (docs/operations.md).
      logGroup: new LogGroup(this, 'WebAclArnLookupLogs', { retention: config.logRetention, removalPolicy: config.removalPolicy }),
    });
    acknowledgeAwsCustomResource(this);
    return lookup.getResponseField('Parameter.Value');
  }

  /**
   * Two uploads: Vite's content-hashed files under assets/ first, cached for a year, then the rest
   * (index.html, favicon, ...), revalidated on every load, so a new index.html never points at
   * chunks that are not there yet. Nothing is pruned: a tab still running the previous build can
   * keep loading its lazy chunks.
   */
  private deploySpa(webDist: string, spaBucket: Bucket, config: EnvironmentConfig): void {
    // One handler (a CDK singleton) runs both uploads: one log group, kept as long as every other function's.
    const logGroup = new LogGroup(this, 'SpaDeploymentLogs', { retention: config.logRetention, removalPolicy: config.removalPolicy });
    const hashed = new BucketDeployment(this, 'SpaAssets', {
      logGroup,
      sources: [Source.asset(webDist, { exclude: ['*', '!assets', '!assets/**'] })],
      destinationBucket: spaBucket,
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });
    const rest = new BucketDeployment(this, 'SpaIndex', {
      sources: [Source.asset(webDist, { exclude: ['assets', 'assets/**'] })],
      destinationBucket: spaBucket,
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup,
    });
    rest.node.addDependency(hashed);
    acknowledgeBucketDeployment(this, spaBucket);
  }

  private acknowledgeFindings(config: EnvironmentConfig, hasWebAcl: boolean): void {
    const distribution = this.distribution;
    acknowledge(
      distribution,
      'AwsSolutions-CFR1',
      'A contract\'s users sign in from wherever they work; access is limited per contract by the ' +
        'application\'s IP policy, not by country.',
    );
    if (!hasWebAcl) {
      acknowledge(
        distribution,
        'AwsSolutions-CFR2',
        'No WAF web ACL for this distribution (buildApp always gives it the edge stack\'s or -c webAclArn=...). ' +
          'The API stage is throttled and every route checks its token.',
      );
    }
    if (!config.web) {
      acknowledge(
        distribution,
        'AwsSolutions-CFR4',
        'No custom domain configured: the default *.cloudfront.net certificate cannot be given a ' +
          'minimum TLS version. With -c webDomain=... -c webCertificateArn=... TLSv1.2_2021 is set.',
      );
    }
  }
}
