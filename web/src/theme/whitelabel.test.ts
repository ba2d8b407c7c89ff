import { describe, expect, it } from 'vitest';
import { appNameOf, assetUrl, logoOf, primaryColor } from './whitelabel';

describe('whitelabel', () => {
  it('starts light with #065183 and dark with #39ACE7', () => {
    expect(primaryColor('light', {}, false)).toBe('#065183');
    expect(primaryColor('dark', {}, false)).toBe('#39ACE7');
  });
  it('uses the configured colours', () => {
    expect(primaryColor('light', { primaryColorLight: '#112233' }, true)).toBe('#112233');
    expect(primaryColor('dark', { primaryColorDark: '#abc' }, true)).toBe('#abc');
  });
  it('falls back to #0000FF when the light colour read is empty or invalid', () => {
    expect(primaryColor('light', { primaryColorLight: '' }, true)).toBe('#0000FF');
    expect(primaryColor('light', { primaryColorLight: 'red; x' }, true)).toBe('#0000FF');
    expect(primaryColor('dark', { primaryColorDark: 'nope' }, true)).toBe('#39ACE7');
  });
  it('names the app Atende unless configured', () => {
    expect(appNameOf({})).toBe('Atende');
    expect(appNameOf({ appName: '  Clínica  ' })).toBe('Clínica');
  });
  it('resolves logo addresses', () => {
    expect(assetUrl('')).toBeNull();
    expect(assetUrl('https://cdn/x.png')).toBe('https://cdn/x.png');
    expect(assetUrl('/api/media/admin/x.png')).toBe('/api/media/admin/x.png');
    expect(assetUrl('logo.png')).toBe('/public/logo.png');
    expect(logoOf('dark', { appLogoLight: 'l.png' })).toBe('/public/l.png');
    expect(logoOf('dark', { appLogoLight: 'l.png', appLogoDark: 'd.png' })).toBe('/public/d.png');
  });
});

describe('public setting keys', () => {
  it('lists exactly kit publicSettingKeys', async () => {
    const { publicSettingKeys } = await import('@atende/kit/contracts');
    const { PUBLIC_SETTING_KEYS } = await import('./PublicSettingsContext');
    expect([...PUBLIC_SETTING_KEYS].sort()).toEqual([...publicSettingKeys].sort());
  });
});
