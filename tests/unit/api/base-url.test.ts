import { describe, expect, it } from 'vitest';
import { validateBaseUrl } from '../../../electron/core/api/base-url';
import { AppError } from '../../../electron/core/app-error';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import { fieldProblem } from '../../../renderer/src/lib/words/field-issues';

const rejection = (raw: string): AppError => {
  try {
    validateBaseUrl(raw);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`accepted ${raw}`);
};

describe('validateBaseUrl', () => {
  it.each([
    ['https://api.example.com/v1/', 'https://api.example.com/v1'],
    ['  https://API.Example.com/v1//  ', 'https://api.example.com/v1'],
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com:8443/v1', 'https://api.example.com:8443/v1'],
    ['http://127.0.0.1:4010/v1', 'http://127.0.0.1:4010/v1'],
    ['http://127.5.6.7/v1', 'http://127.5.6.7/v1'],
    ['http://localhost:3000/v1/', 'http://localhost:3000/v1'],
    ['http://[::1]:3000/v1', 'http://[::1]:3000/v1'],
  ])('accepts and normalises %s', (raw, expected) => {
    expect(validateBaseUrl(raw)).toBe(expected);
  });

  it.each([
    ['http://example.com/v1', /https/],
    ['http://128.0.0.1/v1', /https/],
    ['http://localhost.example.com/v1', /https/],
    // Only literal loopback and exactly "localhost": these may resolve anywhere.
    ['http://attacker.localhost/v1', /https/],
    ['http://localhost./v1', /https/],
    ['ftp://example.com/v1', /https/],
    ['https://user:pw@example.com/v1', /user name or password/],
    ['https://example.com/v1?x=1', /query/],
    ['https://example.com/v1?', /query/],
    ['https://example.com/v1#top', /fragment/],
    ['not a url', /not a web address/],
    ['', /empty/],
  ])('rejects %s as invalid', (raw, problem) => {
    const error = rejection(raw);
    expect(error.kind).toBe('invalid');
    const shape = error.toShape();
    expect(errorWords(shape).message).toMatch(problem);
    expect(fieldProblem(shape, 'baseUrl')).toMatch(problem);
    expect(errorWords(shape).nextStep).toMatch(/https:\/\//);
  });
});
