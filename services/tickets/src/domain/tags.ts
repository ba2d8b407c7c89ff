import { randomInt } from 'node:crypto';
import {
  AppError,
  TAG_LINKS_MAX,
  TAGS_PAGE_SIZE,
  assertPlanFlag,
  companyScope,
  scopedCompany,
  validationError,
  type AuthUser,
  type Contact,
  type CreateTagBody,
  type Emit,
  type SyncTagsBody,
  type Tag,
  type TagDetail,
  type TagsQuery,
  type UpdateTagBody,
} from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { contactsRepository } from '../db/contacts.repository.js';
import { TAG_NAME_KEY, tagsRepository, type NewTagRow, type TagChanges, type TagFilter } from '../db/tags.repository.js';
import { loadTicketDetails } from '../db/ticket-details.repository.js';
import { uniqueViolation } from '../db/tickets.repository.js';
import { contactNotFound, createContactsDesk, escapeLike, maskNumber, toListItem } from './contacts.js';
import type { TagRow } from './presenters.js';
import { toTicketScope } from './presenters.js';

// ---------- rules (pure) ----------

/** GET /tags/list answers at most this many. */
export const TAGS_LIST_MAX = 1000;
/** GET /tags/:id lists at most this many of the tag's contacts. */
export const TAG_CONTACTS_MAX = 1000;

/** A random colour for a tag created without one (spec 001 §7: a random hex colour by default). */
export function randomTagColor(): string {
  return `#${randomInt(0, 0x1000000).toString(16).padStart(6, '0').toUpperCase()}`;
}

export const isPrivileged = (auth: Pick<AuthUser, 'profile' | 'super'>): boolean => auth.profile === 'admin' || auth.super;

/** Kanban lanes are managed by admins (spec 000 §1); anyone may create a plain tag (typed freely in a tag selector). */
export function assertCanCreateTag(auth: Pick<AuthUser, 'profile' | 'super'>, kanban: 0 | 1 | undefined): void {
  if (kanban === 1 && !isPrivileged(auth)) throw new AppError('ERR_NO_PERMISSION', 'Only admins manage kanban lanes');
}

export function tagFilter(companyId: number, query: { searchParam?: string; kanban?: 0 | 1; tagId?: number }): TagFilter {
  const term = query.searchParam?.trim().toLowerCase() ?? '';
  return { companyId, search: term ? `%${escapeLike(term)}%` : null, kanban: query.kanban ?? null, exceptId: query.tagId ?? null };
}

/** A lane cannot chain to itself. */
export function laneSelfReference(body: Pick<UpdateTagBody, 'nextLaneId' | 'rollbackLaneId'>, selfId: number | null): string | null {
  if (selfId === null) return null;
  if (body.nextLaneId === selfId) return 'nextLaneId';
  if (body.rollbackLaneId === selfId) return 'rollbackLaneId';
  return null;
}

const LANE_FIELDS = ['timeLane', 'nextLaneId', 'rollbackLaneId', 'greetingMessageLane'] as const;

/** Lane settings only mean something on a kanban tag: the first one a plain tag would carry (empty values are none). */
export function laneFieldOnPlainTag(body: Pick<UpdateTagBody, (typeof LANE_FIELDS)[number]>, kanban: 0 | 1): string | null {
  if (kanban === 1) return null;
  return LANE_FIELDS.find((field) => ![undefined, null, 0, ''].includes(body[field])) ?? null;
}

export function tagChanges(body: UpdateTagBody): TagChanges {
  const changes: TagChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.color !== undefined) changes.color = body.color;
  if (body.kanban !== undefined) changes.kanban = body.kanban;
  if (body.timeLane !== undefined) changes.timeLane = body.timeLane;
  if (body.nextLaneId !== undefined) changes.nextLaneId = body.nextLaneId;
  if (body.rollbackLaneId !== undefined) changes.rollbackLaneId = body.rollbackLaneId;
  if (body.greetingMessageLane !== undefined) changes.greetingMessageLane = body.greetingMessageLane;
  if (body.userId !== undefined) changes.userId = body.userId;
  return changes;
}

const duplicatedName = () => new AppError('ERR_DUPLICATED_NAME', 'A tag with this name already exists', { fields: [{ field: 'name', message: 'already in use' }] });
export const tagNotFound = () => new AppError('ERR_NO_TAG_FOUND', 'Tag not found');

// ---------- use cases ----------

/** Tags (spec 001 §7): list, paged list, show with contacts, create, update, delete, sync a contact's tags, unlink. */
export function createTagsDesk(deps: TicketsDeps) {
  const { db, unitOfWork } = deps;
  const contactsDesk = createContactsDesk(deps);

  const found = async (tx: TicketsDb, companyId: number, id: number, lock = false): Promise<TagRow> => {
    const row = await tagsRepository(tx).find(companyId, id, { lock });
    if (!row) throw tagNotFound();
    return row;
  };

  /** Lane settings only on a kanban tag; the lanes named must be kanban tags of the company (and not the tag itself). */
  const checkLanes = async (tx: TicketsDb, companyId: number, body: UpdateTagBody, kanban: 0 | 1, selfId: number | null) => {
    const plain = laneFieldOnPlainTag(body, kanban);
    if (plain) throw validationError(plain, 'only kanban tags have lanes');
    const self = laneSelfReference(body, selfId);
    if (self) throw validationError(self, 'must be another tag');
    for (const field of ['nextLaneId', 'rollbackLaneId'] as const) {
      const id = body[field];
      if (!id) continue;
      const lane = await tagsRepository(tx).find(companyId, id);
      if (!lane || lane.kanban !== 1) throw validationError(field, 'must be a kanban tag of the company');
    }
  };

  const checkUser = async (companyId: number, userId: number | null | undefined) => {
    if (!userId) return;
    const user = await deps.users.get(userId).catch(() => null);
    if (!user || user.companyId !== companyId) throw validationError('userId', 'User not found');
  };

  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (uniqueViolation(err) === TAG_NAME_KEY) throw duplicatedName();
      throw err;
    }
  };

  /** Tag counts changed: announce the tags again. */
  const announceTags = async (tx: TicketsDb, emit: Emit, companyId: number, ids: number[]) => {
    if (ids.length === 0) return;
    const repo = tagsRepository(tx);
    for (const tag of await repo.present(await repo.findMany(companyId, [...new Set(ids)]))) await emit('tickets.tag.updated', companyId, { tag });
  };

  const announceContact = async (tx: TicketsDb, emit: Emit, companyId: number, contactId: number): Promise<Contact> => {
    const repo = contactsRepository(tx);
    const row = await repo.findById(companyId, contactId);
    if (!row) throw contactNotFound();
    const contact = await repo.presentOne(row);
    await emit('tickets.contact.updated', companyId, { contact });
    return contact;
  };

  return {
    async page(auth: AuthUser, query: TagsQuery): Promise<{ tags: Tag[]; count: number; hasMore: boolean }> {
      const repo = tagsRepository(db);
      const { rows, count } = await repo.page(tagFilter(auth.companyId, query), TAGS_PAGE_SIZE, (query.pageNumber - 1) * TAGS_PAGE_SIZE);
      return { tags: await repo.presentWithLinks(rows, TAG_LINKS_MAX), count, hasMore: count > query.pageNumber * TAGS_PAGE_SIZE };
    },

    async list(auth: AuthUser, query: { kanban?: 0 | 1; companyId?: number | null; searchParam?: string }): Promise<Tag[]> {
      const repo = tagsRepository(db);
      return repo.presentWithLinks(await repo.list(tagFilter(companyScope(auth, query.companyId), query), TAGS_LIST_MAX), TAG_LINKS_MAX);
    },

    async show(auth: AuthUser, id: number): Promise<TagDetail> {
      const repo = tagsRepository(db);
      const row = await found(db, auth.companyId, id);
      // With its ticket links (spec 001 §3 Tag: ticketTags); its contacts as list items below.
      const [[tag], contactRows, hide] = await Promise.all([repo.presentWithLinks([row], TAG_LINKS_MAX), repo.contactsOf(auth.companyId, row.id, TAG_CONTACTS_MAX), contactsDesk.masking(auth)]);
      const contacts = contactRows.map(toListItem).map((c) => (hide ? { ...c, number: maskNumber(c.number) } : c));
      return { ...tag!, contacts };
    },

    async create(auth: AuthUser, body: CreateTagBody): Promise<Tag> {
      assertCanCreateTag(auth, body.kanban);
      const companyId = await scopedCompany(deps.ctx.companies, auth, body.companyId);
      if (body.kanban === 1) await assertPlanFlag(deps.ctx.companies, companyId, 'useKanban');
      await checkUser(companyId, body.userId);
      return guarded(() =>
        unitOfWork(async (tx, emit) => {
          await checkLanes(tx, companyId, body, body.kanban ?? 0, null);
          const repo = tagsRepository(tx);
          if ((await repo.byLowerNames(companyId, [body.name.toLowerCase()])).length) throw duplicatedName();
          const values: NewTagRow = { companyId, ...tagChanges(body), name: body.name, color: body.color ?? randomTagColor() };
          // A new tag links nothing yet: its contacts and ticketTags are empty, as every tag answer carries them.
          const tag: Tag = { ...(await repo.presentOne(await repo.insert(values))), contacts: [], ticketTags: [] };
          await emit('tickets.tag.created', companyId, { tag });
          return tag;
        }),
      );
    },

    async update(auth: AuthUser, id: number, body: UpdateTagBody): Promise<Tag> {
      await checkUser(auth.companyId, body.userId);
      return guarded(() =>
        unitOfWork(async (tx, emit) => {
          const row = await found(tx, auth.companyId, id, true);
          // Editing a lane, or making a tag one, is the Kanban board's: its plan flag is needed. A lane may always
          // leave the board (made a plain tag here, or deleted), so a company whose plan lost the flag can tidy its tags.
          const leaving = row.kanban === 1 && body.kanban === 0;
          if ((row.kanban === 1 && !leaving) || body.kanban === 1) await assertPlanFlag(deps.ctx.companies, auth.companyId, 'useKanban');
          await checkLanes(tx, auth.companyId, body, body.kanban ?? (row.kanban === 1 ? 1 : 0), row.id);
          const repo = tagsRepository(tx);
          const changes = tagChanges(body);
          if (changes.name && changes.name.toLowerCase() !== row.name.toLowerCase() && (await repo.byLowerNames(auth.companyId, [changes.name.toLowerCase()])).length) throw duplicatedName();
          if (Object.keys(changes).length === 0) return (await repo.presentWithLinks([row], TAG_LINKS_MAX))[0]!;
          // A lane made a plain tag leaves the board: its own lane links go, and the lanes that led to it let go (as on delete).
          if (leaving) {
            changes.nextLaneId = null;
            changes.rollbackLaneId = null;
          }
          const tag = (await repo.presentWithLinks([await repo.update(auth.companyId, row.id, changes)], TAG_LINKS_MAX))[0]!;
          await emit('tickets.tag.updated', auth.companyId, { tag });
          if (leaving) for (const lane of await repo.present(await repo.unchainLane(auth.companyId, row.id))) await emit('tickets.tag.updated', auth.companyId, { tag: lane });
          return tag;
        }),
      );
    },

    /** Deletes the tag: lanes chained to it let go, and the tickets and contacts that carried it are announced again. */
    async remove(auth: AuthUser, id: number): Promise<void> {
      await unitOfWork(async (tx, emit) => {
        const row = await found(tx, auth.companyId, id, true);
        const repo = tagsRepository(tx);
        const [ticketIds, contactIds] = await Promise.all([repo.ticketIdsOf(row.id), repo.contactIdsOf(row.id)]);
        const unchained = await repo.unchainLane(auth.companyId, row.id);
        await repo.remove(auth.companyId, row.id);
        await emit('tickets.tag.deleted', auth.companyId, { tagId: row.id });
        for (const tag of await repo.present(unchained)) await emit('tickets.tag.updated', auth.companyId, { tag });
        for (let i = 0; i < ticketIds.length; i += 200) {
          for (const ticket of await loadTicketDetails(tx, auth.companyId, ticketIds.slice(i, i + 200))) {
            await emit('tickets.ticket.updated', auth.companyId, { ticket, previous: toTicketScope(ticket) });
          }
        }
        const contacts = contactsRepository(tx);
        for (let i = 0; i < contactIds.length; i += 500) {
          for (const contact of await contacts.present(await contacts.findMany(auth.companyId, contactIds.slice(i, i + 500)))) await emit('tickets.contact.updated', auth.companyId, { contact });
        }
      });
    },

    /** POST /tags/sync: the contact's tags become exactly the ones given (all of the company). */
    async sync(auth: AuthUser, body: SyncTagsBody): Promise<Contact> {
      const wanted = [...new Set(body.tags)];
      const contact = await unitOfWork(async (tx, emit) => {
        const contactRow = await contactsRepository(tx).findById(auth.companyId, body.contactId, { lock: true });
        if (!contactRow) throw contactNotFound();
        const repo = tagsRepository(tx);
        const known = await repo.findMany(auth.companyId, wanted);
        if (known.length !== wanted.length) throw tagNotFound();
        const { added, removed } = await repo.setContactTags(auth.companyId, contactRow.id, wanted);
        if (added.length === 0 && removed.length === 0) return contactsRepository(tx).presentOne(contactRow);
        await announceTags(tx, emit, auth.companyId, [...added, ...removed]);
        return announceContact(tx, emit, auth.companyId, contactRow.id);
      });
      return (await contactsDesk.masking(auth)) ? { ...contact, number: maskNumber(contact.number), remoteJid: null } : contact;
    },

    /** DELETE /tags-contacts/:tagId/:contactId. */
    async unlinkContact(auth: AuthUser, tagId: number, contactId: number): Promise<void> {
      await unitOfWork(async (tx, emit) => {
        const tag = await found(tx, auth.companyId, tagId);
        const contactRow = await contactsRepository(tx).findById(auth.companyId, contactId, { lock: true });
        if (!contactRow) throw contactNotFound();
        if (!(await tagsRepository(tx).unlinkContact(tag.id, contactRow.id))) return;
        await announceTags(tx, emit, auth.companyId, [tag.id]);
        await announceContact(tx, emit, auth.companyId, contactRow.id);
      });
    },
  };
}
export type TagsDesk = ReturnType<typeof createTagsDesk>;
