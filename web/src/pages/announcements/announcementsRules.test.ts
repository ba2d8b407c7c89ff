import { describe, expect, it } from 'vitest';
import type { Announcement } from '@atende/kit/contracts';
import { buildResources, flattenKeys } from '../../i18n/resources';
import {
  announcementFormValues,
  announcementMatches,
  applyAnnouncementEvent,
  eventLightsDot,
  hasUnviewed,
  isAcceptedAttachment,
  isAnnouncementEvent,
  isViewed,
  markViewed,
  parseViewed,
  priorityColor,
  priorityLabelKey,
  priorityLevel,
  serializeViewed,
  serverFieldErrors,
  toAnnouncementBody,
  validateAnnouncement,
  validateAnnouncementField,
  validationKey,
  viewedStorageKey,
  type ViewedMap,
} from './announcementsRules';

const row = (id: number, over: Partial<Announcement> = {}): Announcement => ({
  id,
  title: `Aviso ${id}`,
  text: `Texto ${id}`,
  priority: 3,
  status: true,
  mediaPath: null,
  mediaName: null,
  createdAt: `2025-03-${String(10 + id).padStart(2, '0')}T12:00:00.000Z`,
  updatedAt: `2025-03-${String(10 + id).padStart(2, '0')}T12:00:00.000Z`,
  ...over,
});
/** Newest first, as the server pages them. */
const page = (...ids: number[]) => ids.map((id) => row(id));
const ids = (list: readonly Announcement[]) => list.map((a) => a.id);

describe('priorities', () => {
  it('1 is Alta (red), 2 Média (orange), 3 Baixa (grey)', () => {
    expect([1, 2, 3].map(priorityLevel)).toEqual(['high', 'medium', 'low']);
    expect([1, 2, 3].map(priorityLabelKey)).toEqual(['priority.high', 'priority.medium', 'priority.low']);
    expect([1, 2, 3].map(priorityColor)).toEqual(['red', 'orange', 'grey']);
  });
  it('an unknown priority reads as low', () => {
    expect(priorityLevel(7)).toBe('low');
    expect(priorityColor(0)).toBe('grey');
  });
  it('the labels are the spec words in Portuguese and exist in every language', () => {
    const resources = buildResources(import.meta.glob('../../locales/*/announcements.json', { eager: true }));
    expect(resources['pt-BR']?.announcements?.priority).toEqual({ high: 'Alta', medium: 'Média', low: 'Baixa' });
    const keys = flattenKeys(resources['pt-BR']?.announcements).sort();
    for (const lang of ['en', 'es']) expect(flattenKeys(resources[lang]?.announcements).sort(), lang).toEqual(keys);
  });
});

describe('live events', () => {
  it('recognises the three payloads and nothing else', () => {
    expect(isAnnouncementEvent({ action: 'create', record: row(1) })).toBe(true);
    expect(isAnnouncementEvent({ action: 'update', record: row(1) })).toBe(true);
    expect(isAnnouncementEvent({ action: 'delete', id: 1 })).toBe(true);
    expect(isAnnouncementEvent({ action: 'delete' })).toBe(false);
    expect(isAnnouncementEvent({ action: 'create' })).toBe(false);
    expect(isAnnouncementEvent({ action: 'other', record: row(1) })).toBe(false);
    expect(isAnnouncementEvent(null)).toBe(false);
  });

  it('a create goes where the server order puts it, and counts', () => {
    const newest = row(9);
    expect(applyAnnouncementEvent(page(3, 2), { action: 'create', record: newest }, { search: '', activeOnly: false })).toEqual({
      list: [newest, row(3), row(2)],
      delta: 1,
    });
    const middle = applyAnnouncementEvent(page(3, 1), { action: 'create', record: row(2) }, { search: '', activeOnly: false });
    expect(ids(middle.list)).toEqual([3, 2, 1]);
    const oldest = applyAnnouncementEvent(page(3, 2), { action: 'create', record: row(1) }, { search: '', activeOnly: false });
    expect(ids(oldest.list)).toEqual([3, 2, 1]);
  });

  it('an update replaces the row in place without counting it again', () => {
    const edited = row(2, { title: 'Novo título', updatedAt: '2025-04-01T00:00:00.000Z' });
    const next = applyAnnouncementEvent(page(3, 2, 1), { action: 'update', record: edited }, { search: '', activeOnly: false });
    expect(next.delta).toBe(0);
    expect(ids(next.list)).toEqual([3, 2, 1]);
    expect(next.list[1]?.title).toBe('Novo título');
  });

  it('a delete removes the row; an unknown id changes nothing', () => {
    expect(applyAnnouncementEvent(page(3, 2), { action: 'delete', id: 2 }, { search: '', activeOnly: false })).toEqual({ list: page(3), delta: -1 });
    expect(applyAnnouncementEvent(page(3, 2), { action: 'delete', id: 8 }, { search: '', activeOnly: false })).toEqual({ list: page(3, 2), delta: 0 });
  });

  it("the super user's list keeps an announcement turned inactive in its place (delete, then the record)", () => {
    const options = { search: '', activeOnly: false };
    const gone = applyAnnouncementEvent(page(3, 2, 1), { action: 'delete', id: 2 }, options);
    const back = applyAnnouncementEvent(gone.list, { action: 'update', record: row(2, { status: false }) }, options);
    expect(ids(back.list)).toEqual([3, 2, 1]);
    expect(back.list[1]?.status).toBe(false);
    expect(gone.delta + back.delta).toBe(0);
  });

  it('the bell list (active only) drops an inactive record', () => {
    const next = applyAnnouncementEvent(page(3, 2), { action: 'update', record: row(2, { status: false }) }, { search: '', activeOnly: true });
    expect(next).toEqual({ list: page(3), delta: -1 });
    expect(applyAnnouncementEvent(page(3), { action: 'create', record: row(4, { status: false }) }, { search: '', activeOnly: true })).toEqual({
      list: page(3),
      delta: 0,
    });
  });

  it('with a search, only matching records enter (title or text, any case); one edited away leaves', () => {
    const options = { search: 'manutenção', activeOnly: false };
    expect(announcementMatches({ title: 'Janela de MANUTENÇÃO', text: '' }, 'manutenção')).toBe(true);
    expect(announcementMatches({ title: 'Aviso', text: 'manutenção às 22h' }, 'manutenção')).toBe(true);
    expect(announcementMatches({ title: 'Aviso', text: 'nada' }, '')).toBe(true);
    expect(applyAnnouncementEvent([], { action: 'create', record: row(1) }, options)).toEqual({ list: [], delta: 0 });
    const matching = row(1, { title: 'Manutenção' });
    expect(applyAnnouncementEvent([], { action: 'create', record: matching }, options).list).toEqual([matching]);
    expect(applyAnnouncementEvent([matching], { action: 'update', record: row(1) }, options)).toEqual({ list: [], delta: -1 });
  });
});

describe('viewed announcements and the dot', () => {
  const viewed = (...rows: Announcement[]): ViewedMap => markViewed(new Map(), rows).map;

  it('is kept per user', () => {
    expect(viewedStorageKey(7)).toBe('announcementsViewed:7');
    expect(viewedStorageKey(7)).not.toBe(viewedStorageKey(8));
  });

  it('survives a round trip through storage; anything damaged reads as nothing viewed', () => {
    const map = viewed(row(1), row(2));
    expect(parseViewed(serializeViewed(map))).toEqual(map);
    expect(parseViewed(null).size).toBe(0);
    expect(parseViewed('not json').size).toBe(0);
    expect(parseViewed('{"1":"x"}').size).toBe(0);
    expect(parseViewed('[[1,"a"],["2","b"],[3,4],[4,"d"]]')).toEqual(
      new Map([
        [1, 'a'],
        [4, 'd'],
      ]),
    );
  });

  it('remembers only the latest viewed ones', () => {
    const map = viewed(row(1), row(2), row(3));
    expect([...parseViewed(serializeViewed(map, 2)).keys()]).toEqual([2, 3]);
  });

  it('marking answers whether anything changed', () => {
    const map = viewed(row(1));
    expect(markViewed(map, [row(1)])).toEqual({ map, changed: false });
    const next = markViewed(map, [row(1), row(2)]);
    expect(next.changed).toBe(true);
    expect(isViewed(next.map, row(2))).toBe(true);
    expect(isViewed(map, row(2))).toBe(false);
  });

  it('the dot shows while an active announcement is not viewed', () => {
    expect(hasUnviewed(page(2, 1), new Map())).toBe(true);
    expect(hasUnviewed(page(2, 1), viewed(row(1)))).toBe(true);
    expect(hasUnviewed(page(2, 1), viewed(row(1), row(2)))).toBe(false);
    expect(hasUnviewed([], new Map())).toBe(false);
  });

  it('inactive announcements (a super user reads them) never light the dot', () => {
    expect(hasUnviewed([row(1, { status: false })], new Map())).toBe(false);
  });

  it('an edit makes a viewed announcement new again', () => {
    const map = viewed(row(1));
    expect(hasUnviewed([row(1, { updatedAt: '2025-05-01T00:00:00.000Z' })], map)).toBe(true);
  });

  it('a live create or update lights the dot; a delete or an inactive record does not', () => {
    const map = viewed(row(1));
    expect(eventLightsDot({ action: 'create', record: row(2) }, map)).toBe(true);
    expect(eventLightsDot({ action: 'update', record: row(1, { updatedAt: '2025-05-01T00:00:00.000Z' }) }, map)).toBe(true);
    expect(eventLightsDot({ action: 'update', record: row(1) }, map)).toBe(false);
    expect(eventLightsDot({ action: 'update', record: row(2, { status: false }) }, map)).toBe(false);
    expect(eventLightsDot({ action: 'delete', id: 2 }, map)).toBe(false);
  });
});

describe('the form', () => {
  it('a new announcement starts low priority and active; an edit starts from the record', () => {
    expect(announcementFormValues(null)).toEqual({ title: '', text: '', priority: 3, status: true });
    expect(announcementFormValues(row(1, { priority: 1, status: false }))).toEqual({ title: 'Aviso 1', text: 'Texto 1', priority: 1, status: false });
  });

  it('sends trimmed texts', () => {
    expect(toAnnouncementBody({ title: '  Aviso ', text: ' Olá\n', priority: 2, status: true })).toEqual({
      title: 'Aviso',
      text: 'Olá',
      priority: 2,
      status: true,
    });
  });

  it('title and text are required ("Obrigatório"), as on the server', () => {
    expect(validateAnnouncement({ title: '', text: '   ', priority: 3, status: true })).toEqual([
      { field: 'title', message: 'Obrigatório' },
      { field: 'text', message: 'Obrigatório' },
    ]);
    expect(validateAnnouncement({ title: 'Aviso', text: 'Olá', priority: 1, status: false })).toEqual([]);
    expect(validateAnnouncementField('title', undefined)).toBe('Obrigatório');
  });

  it('limits the title to 200 characters and the priority to 1, 2 or 3', () => {
    expect(validateAnnouncementField('title', 'a'.repeat(200))).toBeUndefined();
    expect(validateAnnouncementField('title', 'a'.repeat(201))).toBe('Too Long!');
    expect(validateAnnouncementField('priority', 4)).toBe('must be 1, 2 or 3');
    expect(validateAnnouncementField('priority', 2)).toBeUndefined();
  });

  it('translates the schema messages it knows', () => {
    expect(validationKey('Obrigatório')).toBe('validation.required');
    expect(validationKey('Too Long!')).toBe('validation.tooLong');
    expect(validationKey('must be 1, 2 or 3')).toBe('validation.priority');
    expect(validationKey('something else')).toBeUndefined();
  });

  it('accepts .png, .jpg and .jpeg attachments only', () => {
    expect(['a.png', 'b.JPG', 'c.jpeg', 'foto final.Jpeg'].map(isAcceptedAttachment)).toEqual([true, true, true, true]);
    expect(['a.gif', 'b.pdf', 'png', 'c.png.exe', 'd.webp'].map(isAcceptedAttachment)).toEqual([false, false, false, false, false]);
  });

  it("maps the server's failing fields to the form's (file → media) and leaves the others out", () => {
    const err = {
      response: {
        status: 400,
        data: {
          error: 'ERR_VALIDATION',
          message: 'title: Obrigatório',
          fields: [
            { field: 'title', message: 'Obrigatório' },
            { field: 'file', message: 'Required' },
            { field: 'companyId', message: 'x' },
          ],
        },
      },
    };
    expect(serverFieldErrors(err)).toEqual([
      { field: 'title', message: 'Obrigatório' },
      { field: 'media', message: 'Required' },
    ]);
    expect(serverFieldErrors({ response: { status: 404, data: { error: 'ERR_NO_ANNOUNCEMENT_FOUND' } } })).toEqual([]);
    expect(serverFieldErrors(new Error('Network Error'))).toEqual([]);
  });
});

