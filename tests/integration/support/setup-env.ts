import { inject } from 'vitest';

// Test workers reach the same stand-ins directly to arrange data and to read back stored state.
Object.assign(process.env, inject('stack').functionEnv, { LOG_LEVEL: 'silent' });
