import { describe, expect, it } from 'vitest';
import type { User } from '@atende/kit/contracts';
import { applyPresence, applyUserEvent, matchesSearch } from './liveUsers';

const u = (id: number, name: string, email = `${name.toLowerCase()}@x.com`): User => ({ id, name, email, online: false }) as User;

describe('live user events', () => {
  const list = [u(1, 'Ana'), u(2, 'Bruno')];

  it('inserts a created user at the top unless the search excludes it', () => {
    expect(applyUserEvent(list, { action: 'create', user: u(3, 'Carla') }, '')).toMatchObject({ delta: 1, list: [{ id: 3 }, { id: 1 }, { id: 2 }] });
    expect(applyUserEvent(list, { action: 'create', user: u(3, 'Carla') }, 'ana').delta).toBe(0);
    expect(applyUserEvent(list, { action: 'create', user: u(1, 'Ana') }, '').delta).toBe(0);
  });

  it('replaces a listed user and drops one that no longer matches the search', () => {
    expect(applyUserEvent(list, { action: 'update', user: u(2, 'Bruna') }, '').list[1]?.name).toBe('Bruna');
    expect(applyUserEvent(list, { action: 'update', user: u(9, 'Zé') }, '').list).toHaveLength(2);
    expect(applyUserEvent([u(1, 'Ana')], { action: 'update', user: u(1, 'Beatriz') }, 'ana')).toMatchObject({ list: [], delta: -1 });
  });

  it('removes a deleted user', () => {
    expect(applyUserEvent(list, { action: 'delete', userId: 1 }, '')).toMatchObject({ list: [{ id: 2 }], delta: -1 });
    expect(applyUserEvent(list, { action: 'delete', userId: 7 }, '').delta).toBe(0);
  });

  it('matches search on name or email, any case, and follows presence', () => {
    expect(matchesSearch({ name: 'Ana Maria', email: 'a@x.com' }, 'MARIA')).toBe(true);
    expect(matchesSearch({ name: 'Ana', email: 'contato@clinica.com' }, 'clinica')).toBe(true);
    expect(matchesSearch({ name: 'Ana', email: 'a@x.com' }, 'bruno')).toBe(false);
    expect(applyPresence(list, 2, true)[1]?.online).toBe(true);
    expect(applyPresence(list, 2, true)[1]?.status).toBe('online');
  });
});
