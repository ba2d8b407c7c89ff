import { FILE_LIST_MAX_OPTIONS, FILE_LIST_MESSAGE_MAX, FILE_LIST_NAME_MAX, FILE_LIST_NAME_MIN, FILE_LIST_OPTION_NAME_MAX } from '@atende/kit/contracts';
import type { FileListBody, FileListOption, FileListRecord } from '../../api/files';
import type { EventKeys } from '../campaigns/liveRecords';

/** Where company-{companyId}-file carries its record ({ action, fileList }) and a deleted list's id ({ action: 'delete', fileId }). */
export const FILE_EVENT_KEYS: EventKeys = { record: 'fileList', id: 'fileId' };

/** Keys of files:validation.* per failing field (spec 002 §5: name min 3 "nome muito curto"; message "Obrigatório"). */
export type FieldProblem = 'required' | 'tooShort' | 'tooLong' | 'fileRequired';

export function nameProblem(name: string | null | undefined): FieldProblem | undefined {
  const value = (name ?? '').trim();
  if (!value) return 'required';
  if (value.length < FILE_LIST_NAME_MIN) return 'tooShort';
  if (value.length > FILE_LIST_NAME_MAX) return 'tooLong';
  return undefined;
}

export function messageProblem(message: string | null | undefined): FieldProblem | undefined {
  const value = (message ?? '').trim();
  if (!value) return 'required';
  if (value.length > FILE_LIST_MESSAGE_MAX) return 'tooLong';
  return undefined;
}

/** A row of the dialog: an option of the list (id once saved), its name, the file picked and not sent yet, and the stored one. */
export type OptionDraft = {
  /** Stable React key of the row. */
  key: string;
  id: number | null;
  name: string;
  file: File | null;
  /** Link to the stored file ('' when none). */
  path: string;
  mediaType: string;
};

let nextKey = 0;
const newKey = () => `opt-${++nextKey}`;

export const emptyDraft = (): OptionDraft => ({ key: newKey(), id: null, name: '', file: null, path: '', mediaType: '' });

export function draftsOf(record: FileListRecord | null): OptionDraft[] {
  return (record?.options ?? []).map((o) => ({ key: newKey(), id: o.id, name: o.name, file: null, path: o.path, mediaType: o.mediaType }));
}

/** A picked file's name without its extension (the option's name when the row has none yet). */
export function baseName(fileName: string): string {
  const name = fileName.replace(/\.[^./\\]{1,10}$/, '').trim();
  return (name || fileName).slice(0, FILE_LIST_OPTION_NAME_MAX);
}

/** The row after a file was picked: the file kept, and its name used when the row had none. */
export function pickFile(draft: OptionDraft, file: File): OptionDraft {
  return { ...draft, file, name: draft.name.trim() ? draft.name : baseName(file.name) };
}

/** Per row: its name is required, and it needs a file (picked now or stored before). */
export function optionProblems(drafts: OptionDraft[]): Record<string, { name?: FieldProblem; file?: FieldProblem }> {
  const problems: Record<string, { name?: FieldProblem; file?: FieldProblem }> = {};
  for (const d of drafts) {
    const p: { name?: FieldProblem; file?: FieldProblem } = {};
    const name = d.name.trim();
    if (!name) p.name = 'required';
    else if (name.length > FILE_LIST_OPTION_NAME_MAX) p.name = 'tooLong';
    if (!d.file && !d.path) p.file = 'fileRequired';
    if (p.name || p.file) problems[d.key] = p;
  }
  return problems;
}

export const canAddOption = (drafts: OptionDraft[]): boolean => drafts.length < FILE_LIST_MAX_OPTIONS;

export function toBody(values: { name: string; message: string }, drafts: OptionDraft[]): FileListBody {
  return {
    name: values.name.trim(),
    message: values.message.trim(),
    options: drafts.map((d) => ({ ...(d.id !== null ? { id: d.id } : {}), name: d.name.trim(), mediaType: d.file?.type || d.mediaType || null })),
  };
}

/**
 * The files to upload once the list is saved: each row with a picked file, paired with its saved
 * option. Rows with an id keep it; new rows become the saved options that no row named, in order
 * (the server creates them in the order sent, so their ids grow in that order).
 */
export function pendingUploads(saved: FileListRecord, drafts: OptionDraft[]): { option: FileListOption; file: File }[] {
  const named = new Set(drafts.filter((d) => d.id !== null).map((d) => d.id));
  const fresh = saved.options.filter((o) => !named.has(o.id)).sort((a, b) => a.id - b.id);
  const byId = new Map(saved.options.map((o) => [o.id, o]));
  const uploads: { option: FileListOption; file: File }[] = [];
  let next = 0;
  for (const d of drafts) {
    const option = d.id !== null ? byId.get(d.id) : fresh[next++];
    if (option && d.file) uploads.push({ option, file: d.file });
  }
  return uploads;
}

/** The drafts after a save: every row takes its saved option's id (a retry updates, never creates again). */
export function settleDrafts(saved: FileListRecord, drafts: OptionDraft[]): OptionDraft[] {
  const named = new Set(drafts.filter((d) => d.id !== null).map((d) => d.id));
  const fresh = saved.options.filter((o) => !named.has(o.id)).sort((a, b) => a.id - b.id);
  const byId = new Map(saved.options.map((o) => [o.id, o]));
  let next = 0;
  return drafts.map((d) => {
    const option = d.id !== null ? byId.get(d.id) : fresh[next++];
    return option ? { ...d, id: option.id, path: option.path, mediaType: option.mediaType } : d;
  });
}

/** How many files the list has (options whose file was uploaded). */
export const fileCount = (record: Pick<FileListRecord, 'options'>): number => record.options.filter((o) => o.path).length;

/** What the picker offers: what the server accepts (images, audio, video, PDF, office documents, zip, text). */
export const FILE_ACCEPT = 'image/*,audio/*,video/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.zip,.txt';
