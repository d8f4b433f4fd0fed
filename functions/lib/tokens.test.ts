import jwt from 'jsonwebtoken';
import { beforeAll, describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './tokens.ts';
import { resetTokenSecret } from './token-secret.ts';

/** The HS256 tokens interoperate with a reference implementation (jsonwebtoken) both ways. */
const SECRET = 'unit-test-secret-0123456789abcdef';
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('session tokens', () => {
  beforeAll(() => {
    process.env.TOKEN_SECRET = SECRET;
    resetTokenSecret();
  });

  it('signs what jsonwebtoken verifies, and verifies what it signs', async () => {
    const exp = inAnHour();
    const token = await signToken({ kyk: 'k1', sub: 'u1', sid: 's1', exp });
    expect(jwt.verify(token, SECRET, { algorithms: ['HS256'] })).toMatchObject({ kyk: 'k1', sub: 'u1', sid: 's1', exp });
    const theirs = jwt.sign({ kyk: 'k1', sid: 's1', exp }, SECRET, { algorithm: 'HS256', subject: 'u1' });
    expect(await verifyToken(theirs)).toEqual({ kyk: 'k1', sub: 'u1', sid: 's1', exp });
  });

  it('refuses another secret, another algorithm, none, a tampered payload, an expired or not-yet-valid token, and junk', async () => {
    const exp = inAnHour();
    const good = await signToken({ kyk: 'k1', sub: 'u1', sid: 's1', exp });
    const [header, , signed] = good.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ kyk: 'k2', sub: 'u1', sid: 's1', exp })).toString('base64url')}.${signed}`;
    const refused = [
      jwt.sign({ kyk: 'k1', sid: 's1', exp }, 'another-secret', { algorithm: 'HS256', subject: 'u1' }),
      jwt.sign({ kyk: 'k1', sid: 's1', exp }, SECRET, { algorithm: 'HS384', subject: 'u1' }),
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${good.split('.')[1]}.`,
      forged,
      jwt.sign({ kyk: 'k1', sid: 's1', exp: Math.floor(Date.now() / 1000) - 1 }, SECRET, { algorithm: 'HS256', subject: 'u1' }),
      jwt.sign({ kyk: 'k1', sid: 's1', exp, nbf: exp - 10 }, SECRET, { algorithm: 'HS256', subject: 'u1' }),
      jwt.sign({ kyk: 'k1', sid: 's1' }, SECRET, { algorithm: 'HS256', subject: 'u1' }),
      `${good}.extra`, 'a.b', '', 'x.y.z', `${good.slice(0, -2)}`,
    ];
    for (const token of refused) expect(await verifyToken(token), token).toBeUndefined();
    expect(await verifyToken(good)).toEqual({ kyk: 'k1', sub: 'u1', sid: 's1', exp });
  });
});
