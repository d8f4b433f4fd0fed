import { randomBytes } from 'node:crypto';

/**
 * A random password that meets every rule a test policy may turn on (letters and digits, a symbol,
 * both cases, no run of more than two equal characters, 15+ characters), so arranging a user never
 * depends on the luck of the draw: hex pairs split by "_", after a fixed "Pw7-".
 */
export const testPassword = (): string => `Pw7-${randomBytes(6).toString('hex').match(/../g)!.join('_')}`;
