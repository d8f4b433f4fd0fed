/**
 * The SPA runs under a Content-Security-Policy without 'unsafe-eval' (infra/aws/security-headers.ts).
 * zod 4 compiles object parsers with `new Function` unless told not to, and even its probe for that is
 * reported as a violation: jitless, set before any schema is built (main.tsx imports this first).
 *
 * Without importing zod: `config()` of zod/v4/core keeps its settings on
 * `globalThis.__zod_globalConfig` (made when zod first loads, kept if already there), so writing the
 * flag there reaches zod whenever a page loads it, and pages that validate nothing (the drive) do not
 * fetch zod's core on first load. csp.test.ts checks that zod sees the flag.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
Object.assign((holder.__zod_globalConfig ??= {}), { jitless: true });
export {};
