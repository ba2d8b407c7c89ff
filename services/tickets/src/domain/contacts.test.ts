import { describe, expect, it } from 'vitest';
import { createContactBody, normalizeContactNumber, updateContactBody } from '@atende/kit';
import { companySettings } from './company-settings.js';
import { canDeleteContacts, contactChanges, contactFilter, contactSearch, hidesNumbers, maskContact, maskNumber } from './contacts.js';

const lgpd = companySettings([
  { key: 'enableLGPD', value: 'enabled' },
  { key: 'lgpdHideNumber', value: 'enabled' },
]);

describe('contact numbers', () => {
  it('drops the mask characters people type, keeps channel ids as they are', () => {
    expect(normalizeContactNumber(' +55 (11) 98765-4321 ')).toBe('5511987654321');
    expect(normalizeContactNumber('55.11.9876.4321')).toBe('551198764321');
    expect(normalizeContactNumber('120363041234567890@g.us')).toBe('120363041234567890@g.us');
    expect(normalizeContactNumber('abc-123')).toBe('abc-123');
    // A person's WhatsApp address is their number (one contact, not a second one beside '5511987654321').
    expect(normalizeContactNumber(' 5511987654321@s.whatsapp.net')).toBe('5511987654321');
    expect(normalizeContactNumber('5511987654321:12@s.whatsapp.net')).toBe('5511987654321');
    expect(normalizeContactNumber('5511987654321@c.us')).toBe('5511987654321');
    expect(normalizeContactNumber('98765432109876@lid')).toBe('98765432109876@lid');
  });

  it('validates 8 to 50 characters after normalizing, one message per field', () => {
    const short = createContactBody.safeParse({ name: 'Ana', number: '(11) 9-8' });
    expect(short.success).toBe(false);
    expect(short.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['number', 'Too Short!']]);
    expect(createContactBody.parse({ name: 'Ana', number: 5511987654321 }).number).toBe('5511987654321');
    const empty = createContactBody.safeParse({ name: '  ', number: '' });
    expect(empty.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', 'Required'], ['number', 'Required']]);
  });

  it('lets an update leave fields out and clear the e-mail', () => {
    expect(updateContactBody.parse({})).toEqual({});
    expect(updateContactBody.parse({ email: null }).email).toBe('');
  });
});

describe('number masking (LGPD)', () => {
  it('keeps all but the last 6 characters, then the last 2', () => {
    expect(maskNumber('5511987654321')).toBe('5511987****21');
    expect(maskNumber('12345678')).toBe('12****78');
    expect(maskNumber('12')).toBe('**');
    expect(maskContact({ number: '5511987654321', remoteJid: '5511987654321@s.whatsapp.net', name: 'x' })).toEqual({ number: '5511987****21', remoteJid: null, name: 'x' });
  });

  it('applies to profile user only, with both LGPD settings on', () => {
    expect(hidesNumbers({ profile: 'user', super: false }, lgpd)).toBe(true);
    expect(hidesNumbers({ profile: 'admin', super: false }, lgpd)).toBe(false);
    expect(hidesNumbers({ profile: 'user', super: true }, lgpd)).toBe(false);
    expect(hidesNumbers({ profile: 'user', super: false }, companySettings([{ key: 'enableLGPD', value: 'enabled' }]))).toBe(false);
  });

  it('does not search numbers for masked viewers, and only numeric text searches numbers', () => {
    expect(contactSearch('(11) 98765', false)).toEqual({ term: '%(11) 98765%', digits: '%1198765%' });
    expect(contactSearch('(11) 98765', true)).toEqual({ term: '%(11) 98765%', digits: null });
    expect(contactSearch('maria1', false)).toEqual({ term: '%maria1%', digits: null });
    expect(contactSearch('50%_off', false)!.term).toBe('%50\\%\\_off%');
    expect(contactSearch('  ', false)).toBeNull();
  });

  it('keeps the number when a masked viewer sends the masked number back, and refuses any other masked number', () => {
    expect(contactChanges({ number: '5511987****21', name: 'Novo' }, { number: '5511987654321' })).toEqual({ name: 'Novo' });
    expect(contactChanges({ number: '5511900000000' }, { number: '5511987654321' })).toEqual({ number: '5511900000000' });
    expect(contactChanges({ number: '5511987654321' }, { number: '5511987654321' })).toEqual({});
    for (const number of ['12****78', '5511987****22', '55119876****']) {
      expect(() => contactChanges({ number }, { number: '5511987654321' }), number).toThrow(expect.objectContaining({ code: 'ERR_VALIDATION' }));
    }
  });
});

describe('contact rules', () => {
  it('deleting needs contacts-page:deleteContact (admin) or the super flag', () => {
    expect(canDeleteContacts({ profile: 'admin', super: false })).toBe(true);
    expect(canDeleteContacts({ profile: 'user', super: false })).toBe(false);
    expect(canDeleteContacts({ profile: 'user', super: true })).toBe(true);
  });

  it('builds the list filter, tags once each', () => {
    expect(contactFilter(7, { contactTag: [3, 3, 4], isGroup: false }, false)).toEqual({ companyId: 7, search: null, channel: null, isGroup: false, tagIds: [3, 4] });
    expect(contactFilter(7, { contactTag: [] }, false).tagIds).toBeNull();
  });
});
