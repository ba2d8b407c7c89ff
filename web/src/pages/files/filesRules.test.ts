import { describe, expect, it } from 'vitest';
import type { FileListRecord } from '../../api/files';
import { applyRecordEvent, toRecordEvent } from '../campaigns/liveRecords';
import {
  FILE_EVENT_KEYS,
  baseName,
  canAddOption,
  draftsOf,
  emptyDraft,
  fileCount,
  messageProblem,
  nameProblem,
  optionProblems,
  pendingUploads,
  pickFile,
  settleDrafts,
  toBody,
  type OptionDraft,
} from './filesRules';

const file = (name: string, type = 'application/pdf') => new File([new Uint8Array([1, 2, 3])], name, { type });
const record = (options: { id: number; name: string; path?: string; mediaType?: string }[], over: Partial<FileListRecord> = {}): FileListRecord => ({
  id: 7,
  companyId: 1,
  name: 'Tabela',
  message: 'Segue',
  userId: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  options: options.map((o) => ({ fileListId: 7, path: '', mediaType: '', ...o })),
  ...over,
});
const draft = (over: Partial<OptionDraft>): OptionDraft => ({ ...emptyDraft(), ...over });

describe('file list validation (spec 002 §5)', () => {
  it('name: required, at least 3 ("nome muito curto"), at most 100', () => {
    expect(nameProblem('')).toBe('required');
    expect(nameProblem('  ')).toBe('required');
    expect(nameProblem('ab')).toBe('tooShort');
    expect(nameProblem('x'.repeat(101))).toBe('tooLong');
    expect(nameProblem(' abc ')).toBeUndefined();
  });

  it('message: required', () => {
    expect(messageProblem(undefined)).toBe('required');
    expect(messageProblem('   ')).toBe('required');
    expect(messageProblem('Segue a tabela')).toBeUndefined();
  });

  it('each file row needs a name and a file (picked now, or stored before)', () => {
    const rows = [draft({ key: 'a', name: 'Tabela', file: file('t.pdf') }), draft({ key: 'b', name: '', path: '/api/media/x' }), draft({ key: 'c', name: 'Sem arquivo' })];
    expect(optionProblems(rows)).toEqual({ b: { name: 'required' }, c: { file: 'fileRequired' } });
  });

  it('at most 50 files', () => {
    expect(canAddOption(Array.from({ length: 49 }, () => emptyDraft()))).toBe(true);
    expect(canAddOption(Array.from({ length: 50 }, () => emptyDraft()))).toBe(false);
  });
});

describe('file rows', () => {
  it('a picked file names an unnamed row after itself (without extension); a named row keeps its name', () => {
    expect(baseName('Tabela de preços.pdf')).toBe('Tabela de preços');
    expect(baseName('.env')).toBe('.env');
    expect(pickFile(emptyDraft(), file('Cardápio.pdf'))).toMatchObject({ name: 'Cardápio', file: expect.any(File) });
    expect(pickFile(draft({ name: 'Menu' }), file('Cardápio.pdf')).name).toBe('Menu');
  });

  it('a stored list becomes rows with their ids and links', () => {
    const rows = draftsOf(record([{ id: 3, name: 'A', path: '/api/media/channels/a.pdf', mediaType: 'application/pdf' }]));
    expect(rows).toEqual([{ key: expect.any(String), id: 3, name: 'A', file: null, path: '/api/media/channels/a.pdf', mediaType: 'application/pdf' }]);
    expect(draftsOf(null)).toEqual([]);
  });

  it('the body keeps ids, trims names and sends the picked file\'s type', () => {
    const body = toBody({ name: ' Tabela ', message: ' Segue ' }, [draft({ id: 3, name: ' A ', mediaType: 'image/png' }), draft({ name: 'B', file: file('b.pdf') })]);
    expect(body).toEqual({ name: 'Tabela', message: 'Segue', options: [{ id: 3, name: 'A', mediaType: 'image/png' }, { name: 'B', mediaType: 'application/pdf' }] });
  });
});

describe('uploads after a save', () => {
  it('pairs each picked file with its saved option: kept rows by id, new rows with the new options in order', () => {
    const a = file('a.pdf');
    const c = file('c.png', 'image/png');
    const d = file('d.pdf');
    const rows = [draft({ id: 3, name: 'A', file: a }), draft({ id: 4, name: 'B', path: '/x' }), draft({ name: 'C', file: c }), draft({ name: 'D', file: d })];
    const saved = record([
      { id: 3, name: 'A' },
      { id: 4, name: 'B', path: '/x' },
      { id: 10, name: 'C' },
      { id: 11, name: 'D' },
    ]);
    expect(pendingUploads(saved, rows).map((u) => [u.option.id, u.file])).toEqual([
      [3, a],
      [10, c],
      [11, d],
    ]);
    expect(settleDrafts(saved, rows).map((r) => r.id)).toEqual([3, 4, 10, 11]);
  });

  it('nothing to upload when no file was picked', () => {
    expect(pendingUploads(record([{ id: 1, name: 'A', path: '/x' }]), [draft({ id: 1, name: 'A', path: '/x' })])).toEqual([]);
  });
});

describe('the list', () => {
  it('counts the files uploaded', () => {
    expect(fileCount(record([{ id: 1, name: 'A', path: '/a' }, { id: 2, name: 'B' }]))).toBe(1);
  });

  it('company-{id}-file events upsert and remove lists', () => {
    const list = [record([], { id: 1, name: 'Um' }), record([], { id: 2, name: 'Dois' })];
    const created = toRecordEvent<FileListRecord>({ action: 'create', fileList: record([], { id: 3, name: 'Três' }) }, FILE_EVENT_KEYS);
    expect(applyRecordEvent(list, created!)).toEqual({ list: [expect.objectContaining({ id: 3 }), ...list], delta: 1 });
    const removed = toRecordEvent<FileListRecord>({ action: 'delete', fileId: 1 }, FILE_EVENT_KEYS);
    expect(removed).toEqual({ action: 'delete', id: 1 });
    expect(applyRecordEvent(list, removed!)).toEqual({ list: [list[1]], delta: -1 });
    expect(toRecordEvent({ action: 'update', record: { id: 1 } }, FILE_EVENT_KEYS)).toBeNull();
  });
});
