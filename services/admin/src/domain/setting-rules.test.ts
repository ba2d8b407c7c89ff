import { describe, expect, it } from 'vitest';
import { effectiveSettings, maskSecret, ownerCompany, settingValueError } from './setting-rules.js';

describe('setting rules', () => {
  it('accepts only the catalogue values of a switch', () => {
    expect(settingValueError('userRating', 'enabled')).toBeNull();
    expect(settingValueError('userRating', 'yes')).toMatch(/enabled, disabled/);
    expect(settingValueError('scheduleType', 'queue')).toBeNull();
  });

  it('checks colours and leaves free texts alone', () => {
    expect(settingValueError('primaryColorLight', '#065183')).toBeNull();
    expect(settingValueError('primaryColorLight', 'blue')).toMatch(/colour/);
    expect(settingValueError('transferMessage', 'anything at all')).toBeNull();
  });

  it('never shows an API key in clear', () => {
    expect(maskSecret('sk-1234567890abcd')).toBe('••••••••abcd');
    expect(maskSecret('')).toBe('');
    expect(maskSecret('short')).not.toContain('short');
  });

  it('reads platform keys from company 1 and hides them from non-super readers', () => {
    expect(ownerCompany('userCreation', 7)).toBe(1);
    expect(ownerCompany('userRating', 7)).toBe(7);
    const now = new Date();
    const own = [{ key: 'userRating', value: 'enabled', updatedAt: now }, { key: 'textCorrectorOpenAiApiKey', value: 'sk-secretsecret', updatedAt: now }];
    const platform = [{ key: 'appName', value: 'Clinic Desk', updatedAt: now }];
    const forAdmin = effectiveSettings(7, own, platform, { includeSuperOnly: false });
    expect(forAdmin.find((s) => s.key === 'userRating')?.value).toBe('enabled');
    expect(forAdmin.find((s) => s.key === 'sendSignMessage')?.value).toBe('enabled');
    expect(forAdmin.find((s) => s.key === 'appName')).toBeUndefined();
    expect(forAdmin.find((s) => s.key === 'textCorrectorOpenAiApiKey')?.value).toBe('••••••••cret');
    const forSuper = effectiveSettings(7, own, platform, { includeSuperOnly: true });
    expect(forSuper.find((s) => s.key === 'appName')).toMatchObject({ value: 'Clinic Desk', companyId: 1 });
  });
});
