import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import assertionSchema from './schemas/assertion.ts';
import protocolSchema from './schemas/protocol.ts';
import xencSchema from './schemas/xenc.ts';
import xmldsigSchema from './schemas/xmldsig.ts';

/**
 * XML schema validation of every SAML message samlify parses (samlify refuses to parse without
 * one). libxml2's xmllint compiled to WebAssembly (`xmllint-wasm`): no Java, no native library, so
 * it runs on Lambda. Each validation runs in a fresh worker thread that is terminated afterwards,
 * so the Emscripten heap never grows across requests (the leak reported for the asm.js build,
 * samlify issue #521, cannot accumulate).
 *
 * The worker script is `xmllint-wasm/xmllint-node.js` (with `xmllint.wasm` beside it): from
 * node_modules when running from source, copied beside the bundle for the Lambda (infra/aws).
 */
const MESSAGE_KEY = 'xmllint-wasm';
const TIMEOUT_MS = 10_000;

const schemaFiles = [
  { fileName: 'saml-schema-protocol-2.0.xsd', contents: protocolSchema },
  { fileName: 'saml-schema-assertion-2.0.xsd', contents: assertionSchema },
  { fileName: 'xmldsig-core-schema.xsd', contents: xmldsigSchema },
  { fileName: 'xenc-schema.xsd', contents: xencSchema },
];

/** Files copied beside the Lambda bundle (`besideBundle` in infra/aws/bundling.ts). */
export const xmllintWorkerFiles = ['xmllint-node.js', 'xmllint.wasm'] as const;

let workerPath: string | undefined;
const workerFile = (): string => {
  if (workerPath) return workerPath;
  const beside = fileURLToPath(new URL(`./${xmllintWorkerFiles[0]}`, import.meta.url));
  workerPath = existsSync(beside) ? beside : createRequire(import.meta.url).resolve(`xmllint-wasm/${xmllintWorkerFiles[0]}`);
  return workerPath;
};

export interface SchemaResult {
  valid: boolean;
  /** xmllint's messages (for the log only; never shown to the caller). */
  errors: string;
}

/** Validates a SAML protocol message (Response, AuthnRequest, ...) against the SAML 2.0 schemas. */
export function validateSamlXml(xml: string): Promise<SchemaResult> {
  const worker = new Worker(workerFile());
  return new Promise<SchemaResult>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('XML schema validation timed out')), TIMEOUT_MS);
    worker.on('message', (data: { exitCode?: number; stderr?: string; [MESSAGE_KEY]?: boolean }) => {
      if (data?.[MESSAGE_KEY] !== true) return;
      clearTimeout(timer);
      // 0: valid; 3/4: schema errors; 1: not well-formed XML; anything else: refuse as well.
      resolve({ valid: data.exitCode === 0, errors: data.stderr ?? '' });
    });
    worker.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.postMessage({
      [MESSAGE_KEY]: true,
      inputFiles: [{ fileName: 'message.xml', contents: xml }, ...schemaFiles],
      args: ['--schema', schemaFiles[0]!.fileName, '--noout', '--nonet', 'message.xml'],
      initialMemory: 256,
      maxMemory: 1024,
    });
  }).finally(() => void worker.terminate());
}

/** samlify's validator contract: resolve when valid, reject otherwise. */
export const samlifySchemaValidator = {
  validate: async (xml: string): Promise<string> => {
    const result = await validateSamlXml(xml);
    if (!result.valid) throw new SchemaInvalidError(result.errors);
    return 'SUCCESS_VALIDATE_XML';
  },
};

export class SchemaInvalidError extends Error {
  constructor(readonly details: string) {
    super('ERR_SCHEMA_INVALID');
    this.name = 'SchemaInvalidError';
  }
}
