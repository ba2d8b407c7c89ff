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

  it('takes only web addresses for the LGPD link sent to contacts, and file names or addresses for images', () => {
    expect(settingValueError('lgpdLink', 'https://clinica.example/privacidade')).toBeNull();
    expect(settingValueError('lgpdLink', '')).toBeNull();
    expect(settingValueError('lgpdLink', 'javascript:alert(1)')).toBe('must be an http(s) address');
    expect(settingValueError('appLogoLight', '6b0c2f1e-2a4d-4b8e-9b1a-3f2e1d0c9b8a.png')).toBeNull();
    expect(settingValueError('appLogoLight', 'https://cdn.example/logo.svg')).toBeNull();
    expect(settingValueError('appLogoLight', '')).toBeNull();
    for (const bad of ['../../../etc/passwd', 'javascript:alert(1)', 'a/b.png']) expect(settingValueError('appLogoLight', bad), bad).toMatch(/address or an uploaded file name/);
  });

  it('keeps the platform name present and short', () => {
    expect(settingValueError('appName', 'Clinic Desk')).toBeNull();
    expect(settingValueError('appName', '  ')).toBe('Obrigatório');
    expect(settingValueError('appName', 'x'.repeat(101))).toMatch(/too long/);
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
