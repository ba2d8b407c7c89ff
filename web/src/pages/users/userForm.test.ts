import { describe, expect, it } from 'vitest';
import { createUserBody, updateUserBody, userDefaults, type User } from '@atende/kit/contracts';
import { toCreateBody, toFormValues, toUpdateBody, type UserFormAccess } from './userForm';

const admin: UserFormAccess = { editProfile: true, editQueues: true, editSuper: false, profileMode: false };

const existing: User = {
  id: 7,
  name: 'Ana',
  email: 'ana@x.com',
  profile: 'admin',
  super: false,
  online: true,
  status: 'online',
  startWork: '08:00',
  endWork: '18:00',
  farewellMessage: 'Tchau',
  allTicket: 'enable',
  allowGroup: true,
  defaultTheme: 'dark',
  defaultMenu: 'closed',
  allHistoric: null,
  allUserChat: 'enabled',
  userClosePendingTicket: 'disabled',
  showDashboard: 'enabled',
  allowRealTime: 'disabled',
  allowConnections: 'enabled',
  whatsappId: 3,
  queueIds: [1, 2],
  profileImage: null,
  companyId: 1,
  defaultTicketsManagerWidth: 550,
  lastSeenAt: null,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
};

describe('user form', () => {
  it('starts a new user with the spec defaults', () => {
    const v = toFormValues();
    expect(v).toMatchObject({
      profile: 'user',
      startWork: '00:00',
      endWork: '23:59',
      allTicket: false,
      allowGroup: false,
      defaultTheme: 'light',
      defaultMenu: 'open',
      allHistoric: false,
      allUserChat: false,
      showDashboard: false,
      allowRealTime: false,
      allowConnections: false,
      userClosePendingTicket: true,
      whatsappId: null,
      queueIds: [],
      super: false,
    });
  });

  it('creates a body the server schema accepts, with the defaults in the API words', () => {
    const body = toCreateBody({ ...toFormValues(), name: 'Bia', email: 'bia@x.com', password: 'secret1' }, admin);
    expect(createUserBody.parse(body)).toMatchObject({
      profile: userDefaults.profile,
      allTicket: 'disable',
      allHistoric: 'disabled',
      userClosePendingTicket: 'enabled',
      startWork: '00:00',
      endWork: '23:59',
      queueIds: [],
      whatsappId: null,
    });
    expect(body).not.toHaveProperty('super');
  });

  it('round-trips an existing user (null allHistoric reads as disabled)', () => {
    const v = toFormValues(existing);
    expect(v.allHistoric).toBe(false);
    const body = toUpdateBody(v, admin);
    expect(updateUserBody.parse(body)).toMatchObject({
      allTicket: 'enable',
      allUserChat: 'enabled',
      userClosePendingTicket: 'disabled',
      queueIds: [1, 2],
      whatsappId: 3,
      password: '',
    });
  });

  it('profile mode sends only what a user edits on themself', () => {
    const body = toUpdateBody({ ...toFormValues(existing), password: 'newpass' }, { ...admin, profileMode: true });
    expect(Object.keys(body).sort()).toEqual(['defaultMenu', 'defaultTheme', 'email', 'farewellMessage', 'name', 'password']);
    expect(body.password).toBe('newpass');
  });

  it('leaves out the fields the editor may not change', () => {
    const body = toUpdateBody(toFormValues(existing), { editProfile: false, editQueues: false, editSuper: false, profileMode: false });
    expect(body).not.toHaveProperty('profile');
    expect(body).not.toHaveProperty('queueIds');
    expect(body).not.toHaveProperty('allowConnections');
  });

  it('a super editor sends the super flag', () => {
    expect(toCreateBody({ ...toFormValues(), name: 'Su', email: 's@x.com', password: '12345', super: true }, { ...admin, editSuper: true }).super).toBe(true);
  });
});
