import { describe, expect, it } from 'vitest';
import type { QuickMessage } from '@atende/kit/contracts';
import { applyQuickMessageEvent, preview, quickMessageFormValues, toQuickMessageBody } from './quickMessageRules';

const qm = (id: number, over: Partial<QuickMessage> = {}): QuickMessage => ({
  id,
  companyId: 1,
  userId: 5,
  shortcode: `oi${id}`,
  message: 'Olá!',
  geral: false,
  visao: false,
  status: true,
  mediaPath: null,
  mediaName: null,
  isMedia: false,
  createdAt: '',
  updatedAt: '',
  ...over,
});

describe('quick message rules', () => {
  it('form values and body', () => {
    expect(quickMessageFormValues(null)).toEqual({ shortcode: '', message: '', geral: false, visao: false });
    expect(toQuickMessageBody({ shortcode: ' oi ', message: 'x', geral: true, visao: false }, null)).toEqual({ shortcode: 'oi', message: 'x', geral: true, visao: false, status: true });
  });
  it('live events', () => {
    let r = applyQuickMessageEvent([qm(1)], { action: 'create', record: qm(2) }, '');
    expect(r.list.map((x) => x.id)).toEqual([2, 1]);
    expect(r.delta).toBe(1);
    r = applyQuickMessageEvent(r.list, { action: 'update', record: qm(2, { shortcode: 'zzz' }) }, 'oi');
    expect(r.list.map((x) => x.id)).toEqual([1]);
    expect(r.delta).toBe(-1);
    r = applyQuickMessageEvent(r.list, { action: 'delete', id: 1 }, '');
    expect(r.list).toEqual([]);
  });
  it('cuts previews at 100 characters', () => {
    expect(preview('a'.repeat(120))).toHaveLength(100);
    expect(preview('abc')).toBe('abc');
  });
});
