import { describe, expect, it } from 'vitest';
import type { Ticket } from '@atende/kit/contracts';
import { isWaiting, itemActions, queueTag, ratingEmoji, statusColor, tagSummary } from './itemRules';

const tag = (id: number, name = `t${id}`) => ({ id, name, color: '#000' });

describe('ticket card', () => {
  it('rating emoji only on closed tickets: 1 angry .. 5 heart-eyes', () => {
    expect(ratingEmoji({ status: 'closed', userRating: { rate: 1 } })).toBe('😡');
    expect(ratingEmoji({ status: 'closed', userRating: { rate: 3 } })).toBe('😐');
    expect(ratingEmoji({ status: 'closed', userRating: { rate: 5 } })).toBe('😍');
    expect(ratingEmoji({ status: 'open', userRating: { rate: 5 } })).toBeNull();
    expect(ratingEmoji({ status: 'closed', userRating: null })).toBeNull();
  });

  it('queue tag: first 8 characters, none, or LGPD', () => {
    const queue = { id: 1, name: 'Atendimento Geral', color: '#fff' };
    expect(queueTag({ status: 'open', queue })).toEqual({ kind: 'queue', text: 'Atendime' });
    expect(queueTag({ status: 'open', queue: null })).toEqual({ kind: 'none' });
    expect(queueTag({ status: 'lgpd', queue })).toEqual({ kind: 'lgpd' });
  });

  it('first tag plus the number of others', () => {
    expect(tagSummary([])).toBeNull();
    expect(tagSummary([tag(1)])).toEqual({ first: tag(1), more: 0 });
    expect(tagSummary([tag(1), tag(2), tag(3)] as Ticket['tags'])).toEqual({ first: tag(1), more: 2 });
  });

  it('colours: pending warning, open success, closed grey; pending highlighted', () => {
    expect(statusColor('pending')).toBe('warning');
    expect(statusColor('lgpd')).toBe('warning');
    expect(statusColor('open')).toBe('success');
    expect(statusColor('group')).toBe('success');
    expect(statusColor('closed')).toBe('default');
    expect(isWaiting('pending')).toBe(true);
    expect(isWaiting('open')).toBe(false);
  });

  it('buttons by status and permission', () => {
    const none = { ignore: false, delete: false };
    const all = { ignore: true, delete: true };
    expect(itemActions('pending', none)).toEqual(['accept']);
    expect(itemActions('pending', all)).toEqual(['accept', 'ignore']);
    expect(itemActions('lgpd', all)).toEqual(['ignore']);
    expect(itemActions('lgpd', none)).toEqual([]);
    expect(itemActions('open', none)).toEqual(['resolve', 'returnToQueue', 'transfer', 'integration']);
    expect(itemActions('group', none)).toEqual(['resolve', 'returnToQueue', 'transfer', 'integration']);
    expect(itemActions('closed', none)).toEqual(['reopen']);
    expect(itemActions('closed', all)).toEqual(['reopen', 'delete']);
  });
});
