import type { zodRule } from './zodRule';

/** For tests of form rules: the message a rule gives for `value`, or null when it passes. */
export async function ruleFailure(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | null> {
  try {
    await rule.validator(undefined, value);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}
