import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { buildApp, type ComDriveApp } from '#infra/aws/app.ts';
import type { EnvName } from '#infra/aws/environments.ts';

/** Cloud assemblies of the infra tests (gitignored); one folder per synthesized variant. */
export const outRoot = fileURLToPath(new URL('./.cdk.out/', import.meta.url));

export interface ReportViolation {
  ruleName: string;
  description: string;
  severity?: string;
  violatingConstructs?: { constructPath?: string }[];
}
export interface ValidationReport {
  pluginReports: { pluginName: string; conclusion: string; violations: ReportViolation[] }[];
}

export interface Acknowledgement {
  path: string;
  id: string;
  reason: string;
}

export interface Synthesized {
  readonly built: ComDriveApp;
  readonly templates: Record<Exclude<keyof ComDriveApp['stacks'], 'edge'>, Template> & { edge: Template | undefined };
  /** cdk-nag and construct annotations, from the assembly's validation-report.json. */
  readonly report: ValidationReport;
  /** Every Validations.acknowledge() in the tree, with its reason. */
  readonly acknowledgements: Acknowledgement[];
  readonly logicalId: (construct: IConstruct) => string;
  /** Files (relative paths) of a staged asset, by its object key (`<hash>.zip`). */
  readonly assetFiles: (objectKey: string) => string[];
}

export interface SynthOptions {
  /** Context overrides, as `-c key=value`. */
  readonly context?: Record<string, unknown>;
  /** Synthesize with a stand-in SPA build, so the BucketDeployment branch is exercised. */
  readonly withSpa?: boolean;
}

/** The stand-in SPA's index.html: one inline script (as Vite's build has), one module script. */
export const standInIndexHtml = '<!doctype html><script>window.x=1</script><script type="module" src="/assets/index-abc123.js"></script>';

/**
 * Builds the app exactly as bin/app.ts does (buildApp) and synthesizes it into its own folder.
 * `app.synth()` throws with the whole report when cdk-nag finds anything, which already fails
 * the calling hook with a readable message.
 */
export const synthesize = (env: EnvName, options: SynthOptions = {}): Synthesized => {
  const outdir = path.join(outRoot, env);
  rmSync(outdir, { recursive: true, force: true });

  let webDist = path.join(outRoot, `${env}-no-web-dist`);
  if (options.withSpa) {
    webDist = path.join(outRoot, `${env}-web-dist`);
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), standInIndexHtml);
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1);');
  }

  const built = buildApp({ env, outdir, webDist, ...(options.context ? { context: options.context } : {}) });
  const assembly = built.app.synth();
  const report = JSON.parse(readFileSync(path.join(assembly.directory, 'validation-report.json'), 'utf8')) as ValidationReport;

  const { data, mail, web, storage, api, monitoring, edge } = built.stacks;
  const templates = {
    edge: edge && Template.fromStack(edge),
    data: Template.fromStack(data),
    mail: Template.fromStack(mail),
    web: Template.fromStack(web),
    storage: Template.fromStack(storage),
    api: Template.fromStack(api),
    monitoring: Template.fromStack(monitoring),
  };

  const acknowledgements: Acknowledgement[] = [];
  for (const construct of built.app.node.findAll()) {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
        acknowledgements.push({ path: construct.node.path, id, reason });
      }
    }
  }

  const logicalId = (construct: IConstruct): string => {
    const element = (construct.node.defaultChild ?? construct) as CfnElement;
    return Stack.of(construct).getLogicalId(element);
  };

  const assetFiles = (objectKey: string): string[] =>
    (readdirSync(path.join(assembly.directory, `asset.${objectKey.replace(/\.zip$/, '')}`), { recursive: true }) as string[])
      .map((file) => file.split(path.sep).join('/'))
      .sort();

  return { built, templates, report, acknowledgements, logicalId, assetFiles };
};

/** Resources of one type in a template, as [logicalId, resource] pairs. */
export const resourcesOf = (template: Template, type: string): [string, { Properties: Record<string, unknown> }][] =>
  Object.entries(template.findResources(type)) as [string, { Properties: Record<string, unknown> }][];
