import { describe, expect, it } from 'vitest';
import { campaignSettingsBody, createContactListItemBody, type ContactList, type ContactListItemRecord } from './contact-lists.js';
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

  it('settings accept numbers and booleans as the form sends them', () => {
    expect(campaignSettingsBody.parse({ messageInterval: '15', sabado: 'true', settings: { domingo: 1 } })).toEqual({ messageInterval: 15, sabado: true, settings: { domingo: true } });
    expect(campaignSettingsBody.safeParse({ endHour: '24:00' }).success).toBe(false);
  });
});
