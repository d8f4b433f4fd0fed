import { codeOf, type Result, type Rule, type Setup } from './sut.ts';

/** Every text the subtree refusal was answered with, over all runs (one text, whatever it protects). */
const subtreeMessages = new Set<string>();

/**
 * What the rules allow a call to answer: the refusals that apply, each either certain (the call must
 * be refused, with one of the codes of the refusals that apply) or possible (the documents leave it
 * open, so a refusal with its code is accepted as well as success).
 */
export class Expectation {
  private readonly refusals: { codes: number[]; definite: boolean; rule: Rule; why: string }[] = [];

  refuse(rule: Rule, why: string, ...codes: number[]): this {
    this.refusals.push({ codes, definite: true, rule, why });
    return this;
  }

  mayRefuse(rule: Rule, why: string, ...codes: number[]): this {
    this.refusals.push({ codes, definite: false, rule, why });
    return this;
  }

  when(condition: boolean, add: (expectation: this) => void): this {
    if (condition) add(this);
    return this;
  }

  get refused(): boolean {
    return this.refusals.some((refusal) => refusal.definite);
  }

  describe(): string {
    return this.refusals.length === 0 ? 'allowed' : this.refusals.map((refusal) => `${refusal.definite ? '' : 'maybe '}${refusal.why} (${refusal.codes.join('/')})`).join(', ');
  }

  /**
   * Judges the answer; answers whether the server did it (true) or refused it (false), so the
   * model follows what happened even when the judge lets an ignored rule pass.
   */
  judge({ real }: Setup, result: Result, what: string): boolean {
    const code = codeOf(result);
    if (code === 0) {
      const certain = this.refusals.find((refusal) => refusal.definite);
      if (certain) real.judge.fail(certain.rule, `${what} was done, but the rules refuse it: ${certain.why} (expected ${certain.codes.join(' or ')})`);
      return true;
    }
    const allowed = this.refusals.flatMap((refusal) => refusal.codes);
    if (!allowed.includes(code)) {
      real.judge.fail('answer', `${what} answered ${code} "${result.body.message}", the rules expect ${this.describe()}`);
    }
    // The refusal of a folder holding one closed to the caller reads the same whether what it protects is visible or hidden.
    const reasons = this.refusals.filter((refusal) => refusal.codes.includes(code));
    if (reasons.length > 0 && reasons.every((refusal) => refusal.rule === 'subtree' && refusal.definite)) {
      subtreeMessages.add(result.body.message);
      real.judge.check(subtreeMessages.size === 1, 'subtree', () => `${what}: the refusal of a folder holding items the caller may not change reads differently: ${[...subtreeMessages].join(' / ')}`);
    }
    return false;
  }
}
