import { describe, expect, it } from 'vitest';
import { campaignSettingsBody, createContactListItemBody, updateContactListItemBody, type ContactList, type ContactListItemRecord } from './contact-lists.js';
import { emissionsFor } from './socket.js';

const list: ContactList = { id: 4, companyId: 5, name: 'VIP', contactsCount: 2, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const item: ContactListItemRecord = {
  id: 9,
  companyId: 5,
  contactListId: 4,
  name: 'Ana',
  number: '5511999990000',
  email: '',
  isWhatsappValid: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const emitted = (subject: string, data: unknown) => emissionsFor(subject, { companyId: 5, data }).map((e) => ({ event: e.event, payload: e.payload, audience: e.audience }));

describe('contact list live updates (spec 002 §4): admins only', () => {
  it('company-{id}-ContactList: create/update carry the record, delete the id', () => {
    expect(emitted('campaigns.contactList.created', { contactList: list })).toEqual([{ event: 'company-{companyId}-ContactList', payload: { action: 'create', record: list }, audience: { to: 'admins' } }]);
    expect(emitted('campaigns.contactList.updated', { contactList: list })[0]?.payload).toEqual({ action: 'update', record: list });
    expect(emitted('campaigns.contactList.deleted', { contactListId: 4 })[0]?.payload).toEqual({ action: 'delete', id: 4 });
  });

  it('company-{id}-ContactListItem: create/update/delete, and reload after a spreadsheet', () => {
    expect(emitted('campaigns.contactListItem.created', { contactListItem: item })).toEqual([
      { event: 'company-{companyId}-ContactListItem', payload: { action: 'create', record: item }, audience: { to: 'admins' } },
    ]);
    expect(emitted('campaigns.contactListItem.updated', { contactListItem: item })[0]?.payload).toEqual({ action: 'update', record: item });
    expect(emitted('campaigns.contactListItem.deleted', { contactListItemId: 9, contactListId: 4 })[0]?.payload).toEqual({ action: 'delete', id: 9, contactListId: 4 });
    expect(emitted('campaigns.contactListItem.reloaded', { contactListId: 4 })).toEqual([
      { event: 'company-{companyId}-ContactListItem', payload: { action: 'reload', contactListId: 4 }, audience: { to: 'admins' } },
    ]);
  });
});

describe('bodies', () => {
  it('an item number keeps its digits only; the email may be empty', () => {
    expect(createContactListItemBody.parse({ contactListId: '4', name: ' Ana ', number: '+55 (11) 99999-0000', email: '' })).toEqual({ contactListId: 4, name: 'Ana', number: '5511999990000', email: '' });
  });

  it('an item number is a phone number: digits once the mask is dropped, 8 to 50 of them', () => {
    const numberIssues = (number: unknown) => {
      const parsed = createContactListItemBody.safeParse({ contactListId: 4, name: 'Ana', number });
      return parsed.success ? parsed.data.number : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(numberIssues('abcdefghij')).toEqual(['number: must be a phone number (digits only)']);
    expect(numberIssues('5511 9999x0000')).toEqual(['number: must be a phone number (digits only)']);
    expect(numberIssues('120363040000000000@g.us')).toEqual(['number: must be a phone number (digits only)']);
    expect(numberIssues('+55.11.99999-0000')).toBe('5511999990000');
    expect(numberIssues(5511999990000)).toBe('5511999990000');
    expect(numberIssues('1234567')).toEqual(['number: Too Short!']);
    expect(numberIssues('')).toEqual(['number: Required']);
    expect(updateContactListItemBody.safeParse({ number: 'abcdefghij' }).success).toBe(false);
  });

  it('settings: an empty field (null or "") keeps its value; anything else must be a number, never 0 or 1 in disguise', () => {
    expect(campaignSettingsBody.parse({ messageInterval: null, greaterInterval: '', settings: { longerIntervalAfter: null, sabado: null } })).toEqual({
      messageInterval: undefined,
      greaterInterval: undefined,
      settings: { longerIntervalAfter: undefined, sabado: undefined },
    });
    for (const bad of [[], true, {}, 'vinte']) {
      const parsed = campaignSettingsBody.safeParse({ longerIntervalAfter: bad });
      expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`), JSON.stringify(bad)).toEqual(['longerIntervalAfter: must be a number']);
    }
  });

  it('settings accept numbers and booleans as the form sends them', () => {
    expect(campaignSettingsBody.parse({ messageInterval: '15', sabado: 'true', settings: { domingo: 1 } })).toEqual({ messageInterval: 15, sabado: true, settings: { domingo: true } });
    expect(campaignSettingsBody.safeParse({ endHour: '24:00' }).success).toBe(false);
  });
});
