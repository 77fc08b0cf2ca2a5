import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZLoginFields } from '@filialportal/core/session';
import { ZPasswordForgottenRequest } from '@filialportal/core/users';
import { allProblems } from '../../ui/form-problem.ts';
import { LOGIN_FIELDS, PASSWORD_FORGOTTEN_FIELDS } from './login-fields.ts';

/** Texts around the edges of the rules: empty, blank, 200 characters and beyond. */
const text = fc.oneof(
  fc.string({ maxLength: 5 }),
  fc.constantFrom('', ' ', '\t \n', ' a ', 'x'.repeat(200), ` ${'x'.repeat(200)} `, 'x'.repeat(201)),
);

describe('login page checks without zod', () => {
  it('answer as ZLoginFields does', () => {
    fc.assert(
      fc.property(text, text, (username, password) => {
        const values = { username, password };
        expect(allProblems(LOGIN_FIELDS, values)).toEqual(allProblems(ZLoginFields, values));
      }),
      { numRuns: 300 },
    );
  });

  it('answer as ZPasswordForgottenRequest does', () => {
    fc.assert(
      fc.property(text, (username) => {
        expect(allProblems(PASSWORD_FORGOTTEN_FIELDS, { username })).toEqual(allProblems(ZPasswordForgottenRequest, { username }));
      }),
      { numRuns: 300 },
    );
  });
});
