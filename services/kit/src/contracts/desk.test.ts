import { describe, expect, it } from 'vitest';
import { canEditQuickMessage } from './desk.js';

describe('canEditQuickMessage', () => {
  const owner = { userId: 5, admin: false };
  const other = { userId: 6, admin: false };
  const admin = { userId: 7, admin: true };

  it("the owner changes their own; others' private or only visible ones are read-only, to admins too", () => {
    expect(canEditQuickMessage({ userId: 5, geral: false }, owner)).toBe(true);
    expect(canEditQuickMessage({ userId: 5, geral: false }, other)).toBe(false);
    expect(canEditQuickMessage({ userId: 5, geral: false }, admin)).toBe(false);
  });

  it('a shared one is anyone’s to change', () => {
    expect(canEditQuickMessage({ userId: 5, geral: true }, other)).toBe(true);
  });

  it("one whose owner was deleted is the company admins' to manage", () => {
    expect(canEditQuickMessage({ userId: null, geral: false }, admin)).toBe(true);
    expect(canEditQuickMessage({ userId: null, geral: false }, other)).toBe(false);
  });
});
