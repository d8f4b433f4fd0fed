import { execFile, spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { esbuildOptions, projectRoot } from '#infra/aws/bundling.ts';
import { bundleFunctionInto } from '#infra/aws/function-bundle.ts';

/**
 * The extraction bundle runs from its own folder alone, with no network: built as shipped
 * (bundleFunctionInto, as CDK and `npm run build:functions` build it) into a folder outside the
 * repository, so nothing can resolve from the repository's node_modules, and run by a fresh `node`
 * whose every way out to the network throws, in the main thread and in tesseract.js's worker threads
 * (a preload; Node runs `--require` preloads in worker threads too). Beside index.mjs, a probe built
 * from the same OCR module (functions/domain/extraction/ocr.ts) reads a generated image of text, with
 * the trained data copied into `tessdata/`: what tesseract.js would fetch from its CDN if langPath or
 * its cache were wrong. Once per WebAssembly core the folder ships: `relaxedsimd` (Node 22, Lambda's
 * nodejs22.x) and `simd` (Node 20).
 */
const execFileAsync = promisify(execFile);

/** Refuses the network and records, from any thread, the modules resolved and the core and trained data read. */
const preload = `'use strict';
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { isMainThread, threadId } = require('node:worker_threads');
const say = (line) => fs.writeSync(2, line + '\\n');
const refuse = (what) => function refused() {
  say('NETWORK-ATTEMPT ' + what);
  throw new Error('network disabled in this test: ' + what);
};
const net = require('node:net');
net.connect = net.createConnection = refuse('net.connect');
net.Socket.prototype.connect = refuse('net.Socket#connect');
require('node:tls').connect = refuse('tls.connect');
require('node:http2').connect = refuse('http2.connect');
require('node:dgram').createSocket = refuse('dgram.createSocket');
const dns = require('node:dns');
dns.lookup = dns.promises.lookup = refuse('dns.lookup');
for (const name of ['http', 'https']) {
  const mod = require('node:' + name);
  mod.request = mod.get = refuse(name + '.request');
}
globalThis.fetch = refuse('fetch');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const file = resolve.apply(this, args);
  if (path.isAbsolute(file)) say('RESOLVED ' + file);
  return file;
};
for (const name of ['readFile', 'readFileSync']) {
  const read = fs[name];
  fs[name] = function (file, ...rest) {
    if (/\\.(wasm|traineddata(\\.gz)?)$/.test(String(file))) say('READ ' + path.resolve(String(file)));
    return read.call(this, file, ...rest);
  };
}
say('NO-NETWORK ' + (isMainThread ? 'main' : 'worker') + ' ' + threadId);
`;

/** A one-page PDF with a text layer (Helvetica, not embedded). */
function textPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const text = 'INVOICE 12345';
const image = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="200"><rect width="100%" height="100%" fill="white"/><text x="40" y="120" font-family="sans-serif" font-size="72" fill="black">${text}</text></svg>`;

/** What the child process runs: the shipped handler loads; the probe reads the image by OCR and the PDF's text layer. */
const runner = (bundle: string, pdf: string) => `
const bundle = ${JSON.stringify(pathToFileURL(bundle).href)};
const { handler } = await import(bundle + '/index.mjs');
const probe = await import(bundle + '/ocr-probe.mjs');
const png = await probe.sharp()(Buffer.from(${JSON.stringify(image)})).png().toBuffer();
const ocr = await probe.ocrPage(png, 1);
const pdf = await probe.openPdf(new Uint8Array((await import('node:fs')).readFileSync(${JSON.stringify(pdf)})));
const layer = await probe.pdfPageLines(await pdf.getPage(1), 1);
await pdf.destroy();
const { canvas } = await probe.pdfTools();
const drawn = canvas.createCanvas(8, 8).encode('png');
await probe.stopOcr();
console.log(JSON.stringify({ handler: typeof handler, ocr: ocr.map((line) => line.text), pdf: layer.map((line) => line.text), drawn: (await drawn).length > 0 }));
`;

interface Run {
  result: { handler: string; ocr: string[]; pdf: string[]; drawn: boolean };
  stderr: string[];
}

describe('the extraction bundle, copied outside the repository', () => {
  let dir: string;
  let bundle: string;

  beforeAll(async () => {
    dir = realpathSync(await mkdtemp(path.join(tmpdir(), 'com-drive-extraction-')));
    bundle = path.join(dir, 'extraction');
    await bundleFunctionInto('extraction', bundle);
    await build({
      ...esbuildOptions,
      stdin: {
        contents: [
          "export { ocrPage, stopOcr } from '#domain/extraction/ocr.ts';",
          "export { pdfPageLines } from '#domain/extraction/pdf-text.ts';",
          "export { openPdf, pdfTools, sharp } from '#domain/drive/render-tools.ts';",
        ].join('\n'),
        resolveDir: projectRoot,
        sourcefile: 'ocr-probe.ts',
        loader: 'ts',
      },
      outfile: path.join(bundle, 'ocr-probe.mjs'),
      logLevel: 'silent',
    });
    await writeFile(path.join(dir, 'no-network.cjs'), preload);
    await writeFile(path.join(dir, 'text.pdf'), textPdf(text));
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const run = async (flags: string[]): Promise<Run> => {
    const { stdout, stderr } = await execFileAsync(process.execPath, [...flags, '--input-type=module', '-e', runner(bundle, path.join(dir, 'text.pdf'))], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, NODE_OPTIONS: `--require ${path.join(dir, 'no-network.cjs')}`, LOG_LEVEL: 'silent' },
      timeout: 90_000,
    });
    return { result: JSON.parse(stdout.trim().split('\n').at(-1)!) as Run['result'], stderr: stderr.split('\n') };
  };
  const tagged = (stderr: string[], tag: string) => stderr.filter((line) => line.startsWith(`${tag} `)).map((line) => line.slice(tag.length + 1));

  it('sits where no node_modules above it could lend a module', () => {
    expect(path.relative(projectRoot, dir).startsWith('..')).toBe(true);
    for (let up = path.dirname(dir); ; up = path.dirname(up)) {
      expect(existsSync(path.join(up, 'node_modules')), up).toBe(false);
      if (up === path.dirname(up)) break;
    }
  });

  // Relaxed SIMD is on by default from Node 22 (Lambda's nodejs22.x) and behind this V8 flag in Node 20.
  const relaxedSimd = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout.includes('--experimental-wasm-relaxed-simd');
  const cores: [core: string, flags: string[]][] = relaxedSimd
    ? [['simd', ['--no-experimental-wasm-relaxed-simd']], ['relaxedsimd', ['--experimental-wasm-relaxed-simd']]]
    : [["this Node's", []]];
  const loaded = new Set<string>();

  it.each(cores)('reads text by OCR with the %s core and a PDF text layer, from its own files, with the network refused', async (core, flags) => {
    const { result, stderr } = await run(flags);
    expect(result).toEqual({ handler: 'function', ocr: [text], pdf: [text], drawn: true });
    expect(tagged(stderr, 'NETWORK-ATTEMPT')).toEqual([]);
    // The preload ran in the main thread and in both tesseract.js workers (reading, orientation).
    expect(tagged(stderr, 'NO-NETWORK').filter((line) => line.startsWith('worker')).length).toBeGreaterThanOrEqual(2);
    for (const file of tagged(stderr, 'RESOLVED')) expect(file.startsWith(`${bundle}/`), file).toBe(true);
    const read = tagged(stderr, 'READ');
    for (const file of read) expect(file.startsWith(`${bundle}/`), file).toBe(true);
    expect(read.filter((file) => file.includes('/tessdata/')).map((file) => path.basename(file)).sort()).toEqual(['eng.traineddata.gz', 'jpn.traineddata.gz', 'osd.traineddata.gz']);
    const wasm = read.filter((file) => file.endsWith('.wasm')).map((file) => path.basename(file));
    if (relaxedSimd) expect(new Set(wasm)).toEqual(new Set([`tesseract-core-${core}.wasm`]));
    for (const file of wasm) loaded.add(file);
  });

  if (relaxedSimd) {
    it('ships the WebAssembly cores those runs loaded, and no other', async () => {
      const shipped = (await readdir(path.join(bundle, 'node_modules/tesseract.js-core'))).filter((file) => file.endsWith('.wasm'));
      expect(new Set(shipped)).toEqual(loaded);
    });
  }
});
