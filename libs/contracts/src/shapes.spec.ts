import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailSchema } from './common.js';
import { EMAIL_MAX_LENGTH } from './constants.js';
import { ShareEmailSchema } from './meetings.js';
import { BROWSER_EMAIL, EMAIL_SHAPE } from './shapes.js';

/** Inputs built to make a backtracking e-mail pattern work hard: long almost-valid runs that fail at the end. */
function nearMisses(n: number): string[] {
  return [
    `a@${'.'.repeat(n)}@`,
    `a@${'.'.repeat(n)} .`,
    `a@a${'.a'.repeat(n)}@`,
    `a@${'a.'.repeat(n)} b`,
    `${'a'.repeat(n)}@`,
    `${'a@'.repeat(n)}`,
    `a@${'a'.repeat(n)}!`,
    `a@${`${'a'.repeat(62)}.`.repeat(Math.ceil(n / 63))}@`,
    `a@${'a-'.repeat(n)}.`,
    `${'!'.repeat(n)}@a.a@`,
  ];
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the e-mail patterns', () => {
  it('give the same answers as the plain pattern on every short string', () => {
    // The old pattern, kept here only to compare answers on short strings.
    // eslint-disable-next-line regexp/no-super-linear-backtracking
    const plain = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const alphabet = ['a', '.', '@', ' ', '-'];
    let compared = 0;
    const walk = (text: string, depth: number) => {
      expect(EMAIL_SHAPE.test(text), JSON.stringify(text)).toBe(plain.test(text));
      compared++;
      if (depth > 0) for (const c of alphabet) walk(text + c, depth - 1);
    };
    walk('', 7);
    expect(compared).toBe((5 ** 8 - 1) / 4);
  });

  it('refuse a megabyte of crafted near-misses in linear time', () => {
    // The old pattern took about 25 minutes on the first of these (quadratic); these take well
    // under a second together, so 10 s holds on a loaded machine and still catches a regression.
    const started = performance.now();
    for (const text of nearMisses(1_000_000)) {
      expect(EMAIL_SHAPE.test(text), text.slice(0, 20)).toBe(false);
      expect(BROWSER_EMAIL.test(text), text.slice(0, 20)).toBe(false);
    }
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('e-mail schemas on hostile input', () => {
  const schemas = { EmailSchema, ShareEmailSchema };

  it.each(Object.entries(schemas))(
    '%s refuses near-misses of every size with the e-mail message',
    (_name, schema) => {
      for (const n of [10, 300, 1_000_000]) {
        for (const text of nearMisses(n)) {
          const result = schema.safeParse(text);
          expect(result.success, text.slice(0, 20)).toBe(false);
          expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address.');
        }
      }
    },
  );

  it.each(Object.entries(schemas))(
    '%s runs no pattern on over-long input (the length check aborts)',
    (_name, schema) => {
      const seen: number[] = [];
      const test = RegExp.prototype.test;
      vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, text) {
        if (this === EMAIL_SHAPE || this === BROWSER_EMAIL) seen.push(String(text).length);
        return test.call(this, text);
      });
      expect(schema.safeParse(`${'a'.repeat(EMAIL_MAX_LENGTH)}@b.co`).success).toBe(false);
      expect(schema.safeParse(`a@${'.'.repeat(1_000_000)}@`).success).toBe(false);
      expect(seen).toEqual([]);
      // The spy sees patterns that do run: a valid address goes through both checks.
      expect(schema.safeParse('ada@example.com').success).toBe(true);
      expect(seen.length).toBeGreaterThan(0);
    },
  );

  it('still accepts ordinary addresses, trimmed and lower-cased', () => {
    expect(EmailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(ShareEmailSchema.parse(' Bob@Example.org')).toBe('bob@example.org');
    expect(EmailSchema.parse(`${'a'.repeat(64)}@${'b'.repeat(63)}.co`)).toMatch(/^a{64}@/);
  });

  it('keeps the sharing messages in their documented order', () => {
    expect(ShareEmailSchema.safeParse('   ').error?.issues[0]?.message).toBe(
      'Email cannot be empty.',
    );
    expect(ShareEmailSchema.safeParse('not an email').error?.issues[0]?.message).toBe(
      'Please enter a valid email address.',
    );
  });
});
