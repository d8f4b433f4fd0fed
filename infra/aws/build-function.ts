import { bundleFunctionInto } from './function-bundle.ts';

/**
 * `tsx infra/aws/build-function.ts <name> <outputDir>`: one Lambda's bundle, as CDK's local bundling
 * of AppFunction runs it (esbuild plugins need esbuild's asynchronous API, which CDK's synchronous
 * bundling hook can only reach through a process of its own).
 */
const [name, outputDir] = process.argv.slice(2);
if (!name || !outputDir) throw new Error('usage: build-function.ts <name> <outputDir>');
await bundleFunctionInto(name, outputDir);
