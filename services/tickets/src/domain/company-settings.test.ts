import { describe, expect, it } from 'vitest';
import { companySettings } from './company-settings.js';

describe('company settings', () => {
  it('reads saved values and falls back to the catalogue defaults', () => {
    const s = companySettings([{ key: 'requiredTag', value: 'enabled' }, { key: 'closeTicketOnTransfer', value: 'true' }, { key: 'transferMessage', value: 'Oi {{name}}' }]);
    expect(s.on('requiredTag')).toBe(true);
    expect(s.on('closeTicketOnTransfer')).toBe(true);
    expect(s.value('transferMessage')).toBe('Oi {{name}}');
    expect(s.on('sendGreetingAccepted')).toBe(false);
    expect(s.value('greetingAcceptedMessage')).toBe('');
  });

  it('treats a missing company as all defaults', () => {
    const s = companySettings(null);
    expect(s.on('sendSignMessage')).toBe(true);
    expect(s.on('showNotificationPending')).toBe(false);
  });
});
