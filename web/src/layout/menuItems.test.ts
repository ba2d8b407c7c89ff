import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@atende/kit/contracts';
import { entryOfPath, menuEntries, visibleMenu, type MenuContext } from './menuItems';

const user = (over: Partial<SessionUser> = {}): SessionUser =>
  ({
    id: 2,
    name: 'Ana',
    profile: 'user',
    super: false,
    showDashboard: 'disabled',
    allowRealTime: 'disabled',
    allowConnections: 'disabled',
    allUserChat: 'disabled',
    userClosePendingTicket: 'enabled',
    companyId: 2,
    ...over,
  }) as SessionUser;

const ctx = (over: Partial<SessionUser> = {}, hasHelps = false): MenuContext => ({ user: user(over), plan: null, hasHelps });
const keys = (c: MenuContext) => visibleMenu(c).flatMap((s) => s.entries.map((e) => e.key));

const desk = ['tickets', 'contacts', 'tags', 'quickMessages', 'todolist'];
const kanbanPlan = { useKanban: true } as MenuContext['plan'];

describe('menu', () => {
  it('admins see the dashboard, the desk, users and settings, not companies', () => {
    expect(keys(ctx({ profile: 'admin' }))).toEqual(['dashboard', 'reports', 'moments', ...desk, 'users', 'queues', 'autoResponse', 'connections', 'files', 'financial', 'settings']);
    expect(visibleMenu(ctx({ profile: 'admin' })).map((s) => s.key)).toEqual(['management', 'general', 'administration']);
  });
  it('super users also see the announcements and the companies', () => {
    expect(keys(ctx({ profile: 'admin', super: true }))).toEqual(['dashboard', 'reports', 'moments', ...desk, 'announcements', 'users', 'queues', 'autoResponse', 'connections', 'allConnections', 'files', 'financial', 'settings', 'companies']);
  });
  it('helps shows only when the help list is not empty', () => {
    expect(keys(ctx({}, false))).toEqual(desk);
    expect(keys(ctx({}, true))).toEqual([...desk, 'helps']);
    expect(keys(ctx({ profile: 'admin' }, true))).toEqual(['dashboard', 'reports', 'moments', ...desk, 'helps', 'users', 'queues', 'autoResponse', 'connections', 'files', 'financial', 'settings']);
  });
  it('the dashboard and the reports show for a user with showDashboard, in the management section', () => {
    const sections = visibleMenu(ctx({ showDashboard: 'enabled' }));
    expect(sections.map((s) => [s.key, s.entries.map((e) => e.key)])).toEqual([
      ['management', ['dashboard', 'reports']],
      ['general', desk],
    ]);
    expect(keys(ctx())).not.toContain('dashboard');
    expect(keys(ctx())).not.toContain('reports');
    expect(entryOfPath('/reports')?.key).toBe('reports');
  });
  it('the real-time panel shows for a user with allowRealTime, in the management section', () => {
    const sections = visibleMenu(ctx({ allowRealTime: 'enabled' }));
    expect(sections.map((s) => [s.key, s.entries.map((e) => e.key)])).toEqual([
      ['management', ['moments']],
      ['general', desk],
    ]);
    expect(keys(ctx())).not.toContain('moments');
    expect(entryOfPath('/moments')?.key).toBe('moments');
  });
  it('a management section without a screen of the user is left out', () => {
    // allowRealTime opens the section; without the real-time panel's entry nothing of it is left
    expect(
      visibleMenu(
        ctx({ allowRealTime: 'enabled' }),
        menuEntries.filter((e) => e.key !== 'moments'),
      ).map((s) => s.key),
    ).toEqual(['general']);
  });
  it('AI prompts and queue integrations show for admins whose plan has useOpenAi and useIntegrations', () => {
    const aiPlan = { useOpenAi: true, useIntegrations: true } as MenuContext['plan'];
    expect(keys({ ...ctx({ profile: 'admin' }), plan: aiPlan })).toEqual(expect.arrayContaining(['prompts', 'queueIntegration']));
    expect(keys({ ...ctx(), plan: aiPlan })).not.toContain('prompts');
    expect(keys(ctx({ profile: 'admin' }))).not.toContain('prompts');
    expect(keys(ctx({ profile: 'admin' }))).not.toContain('queueIntegration');
    expect(entryOfPath('/queue-integration')?.key).toBe('queueIntegration');
  });
  it('kanban shows only when the plan has it', () => {
    expect(keys({ ...ctx(), plan: kanbanPlan })).toContain('kanban');
    expect(keys(ctx())).not.toContain('kanban');
  });
  it('the internal chat shows only when the plan has useInternalChat, with the unread dot, for every profile', () => {
    const chatPlan = { useInternalChat: true } as MenuContext['plan'];
    expect(keys({ ...ctx(), plan: chatPlan })).toContain('chats');
    expect(keys({ ...ctx({ profile: 'admin' }), plan: chatPlan })).toContain('chats');
    expect(keys(ctx())).not.toContain('chats');
    expect(menuEntries.find((e) => e.key === 'chats')?.dot).toBe('chatUnread');
    expect(entryOfPath('/chats/0b6c3c9e-1f1a-4c36-8d0e-3f4f8e1b2a10')?.key).toBe('chats');
  });
  it('a user with allowConnections sees the connections, and no admin-only items', () => {
    const sections = visibleMenu(ctx({ allowConnections: 'enabled' }));
    expect(sections.map((s) => [s.key, s.entries.map((e) => e.key)])).toEqual([
      ['general', desk],
      ['administration', ['connections']],
    ]);
    expect(keys(ctx())).not.toContain('connections');
    expect(menuEntries.find((e) => e.key === 'connections')?.dot).toBe('connectionWarning');
  });
  it('the messages API shows for admins whose plan has useExternalApi', () => {
    const apiPlan = { useExternalApi: true } as MenuContext['plan'];
    expect(keys({ ...ctx({ profile: 'admin' }), plan: apiPlan })).toContain('messagesApi');
    expect(keys(ctx({ profile: 'admin' }))).not.toContain('messagesApi');
    expect(keys({ ...ctx({ allowConnections: 'enabled' }), plan: apiPlan })).not.toContain('messagesApi');
    expect(entryOfPath('/messages-api')?.key).toBe('messagesApi');
    // spec 000 §2: among the general items, after the announcements
    const sections = visibleMenu({ ...ctx({ profile: 'admin' }), plan: apiPlan });
    expect(sections.find((s) => s.key === 'general')?.entries.map((e) => e.key).at(-1)).toBe('messagesApi');
    expect(sections.find((s) => s.key === 'administration')?.entries.map((e) => e.key)).not.toContain('messagesApi');
    expect(entryOfPath('/allConnections')?.key).toBe('allConnections');
  });
  it('schedules show for every profile whose plan has useSchedules', () => {
    const plan = { useSchedules: true } as MenuContext['plan'];
    expect(keys({ ...ctx(), plan })).toContain('schedules');
    expect(keys({ ...ctx({ profile: 'admin' }), plan })).toContain('schedules');
    expect(keys(ctx({ profile: 'admin' }))).not.toContain('schedules');
    expect(entryOfPath('/schedules')?.key).toBe('schedules');
  });
  it('campaigns, contact lists and campaign settings show for admins whose plan has useCampaigns', () => {
    const plan = { useCampaigns: true } as MenuContext['plan'];
    const campaignKeys = ['campaigns', 'contactLists', 'campaignsConfig'];
    expect(keys({ ...ctx({ profile: 'admin' }), plan })).toEqual(expect.arrayContaining(campaignKeys));
    for (const key of campaignKeys) {
      expect(keys({ ...ctx(), plan })).not.toContain(key);
      expect(keys(ctx({ profile: 'admin' }))).not.toContain(key);
    }
    expect(entryOfPath('/contact-lists/3/contacts')?.key).toBe('contactLists');
    expect(entryOfPath('/campaigns-config')?.key).toBe('campaignsConfig');
  });
  it('finds the entry of a path', () => {
    expect(entryOfPath('/')?.key).toBe('dashboard');
    expect(entryOfPath('/tickets/abc')?.key).toBe('tickets');
    expect(entryOfPath('/users')?.key).toBe('users');
    expect(entryOfPath('/queues')?.key).toBe('queues');
    expect(entryOfPath('/settings/x')?.key).toBe('settings');
    expect(entryOfPath('/usersx')).toBeUndefined();
  });
});
