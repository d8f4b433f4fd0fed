/**
 * The SPA runs under a Content-Security-Policy without 'unsafe-eval' (infra/aws/security-headers.ts).
 * zod 4 compiles object parsers with `new Function` unless told not to, and even its probe for that is
 * reported as a violation: jitless, set before any schema is built (main.tsx imports this first).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
