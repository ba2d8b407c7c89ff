import { AppError, type Help, type createHelpBody, type updateHelpBody } from '@atende/kit';
import type { z } from 'zod';
import { helpsRepository, type AdminDb } from '../db/repositories.js';
import { presentHelp } from './presenters.js';

const PAGE_SIZE = 20;
const noHelp = () => new AppError('ERR_NO_HELP_FOUND', 'Help not found');
/** Spec 001 §8's save-failure toast names helps with companies and plans: one title, one help. */
const duplicatedTitle = () => new AppError('ERR_DUPLICATED_NAME', 'A help with this title already exists', { fields: [{ field: 'title', message: 'already in use' }] });

/** Help videos, platform-wide: the super user edits them, everyone watches them. */
export function createHelps(db: AdminDb) {
  return {
    all: async (): Promise<Help[]> => (await helpsRepository(db).all()).map(presentHelp),
    async page(search: string | undefined, pageNumber: number) {
      const { rows, count } = await helpsRepository(db).page(search, pageNumber, PAGE_SIZE);
      return { helps: rows.map(presentHelp), count, hasMore: count > pageNumber * PAGE_SIZE };
    },
    async show(id: number): Promise<Help> {
      const row = await helpsRepository(db).findById(id);
      if (!row) throw noHelp();
      return presentHelp(row);
    },
    async create(input: z.output<typeof createHelpBody>): Promise<Help> {
      if (await helpsRepository(db).titleTaken(input.title, null)) throw duplicatedTitle();
      return presentHelp(await helpsRepository(db).insert(input));
    },
    async update(id: number, input: z.output<typeof updateHelpBody>): Promise<Help> {
      if (!(await helpsRepository(db).findById(id))) throw noHelp();
      if (input.title !== undefined && (await helpsRepository(db).titleTaken(input.title, id))) throw duplicatedTitle();
      const row = await helpsRepository(db).update(id, input);
      if (!row) throw noHelp();
      return presentHelp(row);
    },
    async remove(id: number): Promise<void> {
      if (!(await helpsRepository(db).remove(id))) throw noHelp();
    },
  };
}

export type Helps = ReturnType<typeof createHelps>;
