import { describe, expect, it } from 'vitest';
import { subjectMatches } from './subject.js';

describe('subjectMatches (NATS semantics)', () => {
  it.each([
    ['a.b.c', 'a.b.c', true],
    ['a.*.c', 'a.b.c', true],
    ['a.*', 'a.b.c', false],
    ['a.>', 'a.b.c', true],
    ['a.>', 'a', false],
    ['>', 'anything.at.all', true],
    ['a.b', 'a.b.c', false],
    ['a.b.c', 'a.b', false],
  ])('%s ~ %s → %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});
