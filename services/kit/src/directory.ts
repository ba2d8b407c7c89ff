import type { Logger } from 'pino';
import { ask } from './bus/envelope.js';
import type { Bus, Subscription } from './bus/types.js';
import type { Company, Plan } from './contracts/admin.js';
import type { ResponseOf } from './contracts/events.js';
import type { User } from './contracts/users.js';

/**
 * A read-through cache of another service's data: misses are asked over request/reply,
 * entries drop when that service announces a change (fan-out), and expire after `ttlMs` anyway.
 * This is how a service reads what it does not own without touching another schema.
 *
 * `C`: what a miss is loaded with, handed over by the caller (e.g. the caller's transaction, so a miss
 * inside a transaction never waits for a second pool connection that busy transactions all hold).
 */
export class Directory<K, V, C = void> {
  private readonly entries = new Map<K, { value: V; at: number; pending?: undefined } | { pending: Promise<V>; at: number; value?: undefined }>();

  constructor(private readonly load: (key: K, context: C) => Promise<V>, private readonly ttlMs = 60_000, private readonly maxSize = 10_000) {}

  async get(key: K, context: C): Promise<V> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.ttlMs) return entry.pending ?? (entry.value as V);
    const pending = this.load(key, context);
    this.entries.set(key, { pending, at: now });
    try {
      const value = await pending;
      if (this.entries.get(key)?.pending === pending) this.entries.set(key, { value, at: now });
      if (this.entries.size > this.maxSize) this.entries.delete(this.entries.keys().next().value as K);
      return value;
    } catch (err) {
      this.entries.delete(key);
      throw err;
    }
  }

  invalidate(key?: K): void {
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}

export type CompanyWithPlan = NonNullable<ResponseOf<'admin.company.get'>>;

/** Companies with their plan (flags, limits, due date), for any service. */
export async function createCompanyDirectory(bus: Bus, logger?: Logger): Promise<{ directory: Directory<number, CompanyWithPlan | null>; subscriptions: Subscription[] }> {
  const directory = new Directory<number, CompanyWithPlan | null>((companyId) => ask(bus, 'admin.company.get', { companyId }), 60_000);
  const drop = (companyId: number | null) => (companyId === null ? directory.invalidate() : directory.invalidate(companyId));
  const subscriptions = await Promise.all([
    bus.fanout('admin.company.*', (e) => {
      const data = e.data as { company?: Company; companyId?: number };
      drop(data.company?.id ?? data.companyId ?? null);
    }),
    bus.fanout('admin.setting.updated', (e) => drop(e.companyId)),
    // A plan change touches every company on it.
    bus.fanout('admin.plan.*', () => directory.invalidate()),
  ]);
  logger?.debug('company directory ready');
  return { directory, subscriptions };
}

/** Users' permission-relevant fields, for services other than auth (visibility, treated-as-admin rules). */
export async function createUserDirectory(bus: Bus): Promise<{ directory: Directory<number, User | null>; subscriptions: Subscription[] }> {
  const directory = new Directory<number, User | null>(async (userId) => (await ask(bus, 'auth.user.get', { userId }))?.user ?? null, 60_000);
  const subscriptions = await Promise.all([
    bus.fanout('auth.user.*', (e) => {
      const data = e.data as { user?: User; userId?: number };
      const id = data.user?.id ?? data.userId;
      if (id !== undefined) directory.invalidate(id);
    }),
  ]);
  return { directory, subscriptions };
}

export type { Plan };
