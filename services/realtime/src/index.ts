import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  AppError,
  assertCompanyOpen,
  canSeeTicket,
  companyHidesNumbersIn,
  maskContactNumbers,
  createUserDirectory,
  emissionsFor,
  visibilityRule,
  type Directory,
  type User,
  type VisibilityRule,
  makeEnvelope,
  type AuthUser,
  type Envelope,
  type Service,
  type ServiceFactory,
  type SocketEmission,
  type Subscription,
  tokenLifetime,
} from '@atende/kit';
import type { RealtimeConfig } from './config.js';
import { ROOM_ARGUMENT, rooms } from './rooms.js';

export { realtimeConfigShape, type RealtimeConfig } from './config.js';

/** `expiresAt`: when the socket's token expires (the one it connected with, or the last one its page handed over); the socket is cut then. */
type SocketData = { auth: AuthUser; expiresAt: number | null };
type AuthedSocket = Socket<Record<string, (...args: unknown[]) => void>, Record<string, (...args: unknown[]) => void>, Record<string, never>, SocketData>;

/**
 * Fans bus events out to browsers (socket.io). Every replica subscribes on its own and delivers to
 * its own sockets. It knows nothing of the business: kit's socket map names the event, payload and
 * audience; this service resolves the audience against each socket's own user.
 */
export const createRealtimeService: ServiceFactory<RealtimeConfig> = (ctx, config): Service => {
  const servers: Server[] = [];
  const lastBeat = new Map<number, { at: number; companyId: number }>();
  let subscriptions: Subscription[] = [];
  let users: Directory<number, User | null> | undefined;
  let sweeper: NodeJS.Timeout | undefined;

  /**
   * Who a socket is, checked when it connects (ctx.verify already refused a revoked session's token): a user deleted or moved to
   * another company is refused; the profile and super flag are the user's as they are now (a demoted admin's
   * token still says admin until it expires). Without an answer from auth the token alone decides.
   */
  const admit = async (auth: AuthUser): Promise<AuthUser> => {
    // As on HTTP: a deleted company's sessions have ended, an inactive company's users are shut out (super users are not).
    await assertCompanyOpen(ctx.companies, auth);
    if (!users) return auth;
    let user: User | null;
    try {
      user = await users.get(auth.userId);
    } catch {
      return auth;
    }
    if (!user || user.companyId !== auth.companyId) throw new AppError('ERR_SESSION_EXPIRED', 'Session ended');
    return { ...auth, profile: user.profile, super: user.super };
  };

  /** Sockets (this replica's) whose user matches are cut: they come back through admit, as the user now is. */
  const disconnectWhere = (matches: (auth: AuthUser) => boolean) => {
    for (const io of servers) {
      for (const socket of io.sockets.sockets.values()) {
        const auth = (socket.data as SocketData).auth;
        if (auth && matches(auth)) socket.disconnect(true);
      }
    }
  };
  const disconnectUser = (userId: number) => disconnectWhere((auth) => auth.userId === userId);

  const publishPresence = (auth: { userId: number; companyId: number }, online: boolean) =>
    ctx.bus
      .publish(makeEnvelope('realtime.presence.changed', auth.companyId, { userId: auth.userId, online, at: new Date().toISOString() }))
      .catch((err) => ctx.logger.warn({ err }, 'presence publish failed'));

  const socketsOf = async (room: string) => (await Promise.all(servers.map((io) => io.in(room).fetchSockets()))).flat();

  /**
   * What a socket's user may see (`own`), and what they see of the real-time panel's emissions (`panel`): its
   * viewers (allowRealTime) see those as admins do. One lookup of the user; admins need none.
   */
  const viewOf = async (auth: AuthUser): Promise<{ own: VisibilityRule; panel: VisibilityRule } | null> => {
    if (auth.profile === 'admin' || auth.super) return { own: { kind: 'all' }, panel: { kind: 'all' } };
    const user = await users?.get(auth.userId).catch(() => null);
    if (!user) return null;
    const own = visibilityRule({ ...user, userId: user.id, super: auth.super });
    return { own, panel: user.allowRealTime === 'enabled' ? { kind: 'all' } : own };
  };


  const deliver = async (envelope: Envelope, emission: SocketEmission) => {
    const { audience } = emission;
    const name = (companyId: number) => emission.event.replace('{companyId}', String(companyId));
    const companyId = envelope.companyId;
    // A profile user of a company that hides numbers gets every contact of the payload masked (spec 000 §6).
    const hiding = audience.to !== 'admins' && audience.to !== 'super' && audience.to !== 'everyone' && (await companyHidesNumbersIn(ctx.companies, companyId));
    let masked: { payload?: unknown; lostPayload?: unknown } | undefined;
    const shown = (socket: { data: unknown }, which: 'payload' | 'lostPayload' = 'payload'): unknown => {
      const original = which === 'payload' ? emission.payload : audience.to === 'ticket' ? audience.lostPayload : undefined;
      const auth = (socket.data as SocketData).auth;
      if (!hiding || auth.profile !== 'user' || auth.super) return original;
      masked ??= {};
      if (!(which in masked)) masked[which] = maskContactNumbers(original);
      return masked[which];
    };
    for (const io of servers) {
      switch (audience.to) {
        case 'company':
          if (companyId === null) break;
          if (!hiding) io.to(rooms.company(companyId)).emit(name(companyId), emission.payload);
          else for (const socket of await io.in(rooms.company(companyId)).fetchSockets()) socket.emit(name(companyId), shown(socket));
          break;
        case 'admins':
          if (companyId !== null) io.to(rooms.admins(companyId)).emit(name(companyId), emission.payload);
          break;
        case 'user': {
          if (companyId === null) break;
          for (const socket of await io.in(rooms.user(companyId, audience.userId)).fetchSockets()) {
            if (audience.exceptSessionId && (socket.data as SocketData).auth.sessionId === audience.exceptSessionId) continue;
            if (audience.exceptAdmins && socket.rooms.has(rooms.admins(companyId))) continue;
            socket.emit(name(companyId), shown(socket));
          }
          break;
        }
        case 'ticket': {
          if (companyId === null) break;
          for (const socket of await io.in(rooms.company(companyId)).fetchSockets()) {
            const view = await viewOf((socket.data as SocketData).auth);
            if (!view) continue;
            if (audience.panel === 'only') {
              if (canSeeTicket(view.panel, audience.ticket) && !canSeeTicket(view.own, audience.ticket)) socket.emit(name(companyId), shown(socket));
              continue;
            }
            const rule = audience.panel ? view.panel : view.own;
            if (canSeeTicket(rule, audience.ticket)) socket.emit(name(companyId), shown(socket));
            else if (audience.previous && audience.lostPayload !== undefined && canSeeTicket(rule, audience.previous)) {
              socket.emit(name(companyId), shown(socket, 'lostPayload'));
            }
          }
          break;
        }
        case 'super':
          for (const socket of await io.in(rooms.super()).fetchSockets()) socket.emit(name((socket.data as SocketData).auth.companyId), emission.payload);
          break;
        case 'everyone':
          // Platform-wide notices (announcements): no company's data in them, so neither company scope nor masking.
          for (const socket of await io.fetchSockets()) socket.emit(name((socket.data as SocketData).auth.companyId), emission.payload);
          break;
        default: {
          const unknown: never = audience;
          ctx.logger.error({ audience: unknown }, 'unknown socket audience');
        }
      }
    }
  };

  const onConnection = (socket: AuthedSocket) => {
    const { auth } = socket.data;
    const join = (room: string) => void socket.join(room);
    join(rooms.company(auth.companyId));
    join(rooms.user(auth.companyId, auth.userId));
    if (auth.profile === 'admin') join(rooms.admins(auth.companyId));
    if (auth.super) join(rooms.super());
    lastBeat.set(auth.userId, { at: Date.now(), companyId: auth.companyId });
    void publishPresence(auth, true);
    // A socket lives no longer than its token: past it, a session that ended or a user who changed would
    // otherwise go on receiving events. The web hands its refreshed tokens over ('token'), which keeps the
    // socket; an ended socket is answered by a refresh and a new connection.
    let expiry: NodeJS.Timeout | undefined;
    const expireAt = (expiresAt: number | null) => {
      clearTimeout(expiry);
      expiry = expiresAt === null ? undefined : setTimeout(() => socket.disconnect(true), Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1));
      expiry?.unref();
    };
    expireAt(socket.data.expiresAt);
    socket.on('token', (token: unknown) => {
      if (typeof token !== 'string') return;
      let renewed: AuthUser;
      try {
        renewed = ctx.verify(token);
      } catch {
        return; // a token refused changes nothing: the socket still ends with the one it has
      }
      // Only a token of the same session renews it; one that reads the user differently reconnects through admit.
      if (renewed.sessionId !== auth.sessionId || renewed.userId !== auth.userId || renewed.companyId !== auth.companyId) return;
      if (renewed.profile !== auth.profile || renewed.super !== auth.super) {
        socket.disconnect(true);
        return;
      }
      socket.data.expiresAt = tokenLifetime(token)?.expiresAt ?? null;
      expireAt(socket.data.expiresAt);
    });

    const scoped = (make: (arg: string) => string) => (arg: unknown) => {
      const value = String(arg ?? '');
      if (ROOM_ARGUMENT.test(value)) return make(value);
      return undefined;
    };
    const joinable: Record<string, (arg: unknown) => string | undefined> = {
      joinNotification: () => rooms.notification(auth.companyId),
      joinTickets: scoped((status) => rooms.status(auth.companyId, status)),
      joinChatBox: scoped((ticketId) => rooms.ticket(auth.companyId, ticketId)),
      joinChat: scoped((chatId) => rooms.chat(auth.companyId, chatId)),
    };
    const leavable: Record<string, string> = { leaveNotification: 'joinNotification', joinTicketsLeave: 'joinTickets', leaveTickets: 'joinTickets', joinChatBoxLeave: 'joinChatBox', leaveChatBox: 'joinChatBox', leaveChat: 'joinChat' };
    for (const [event, room] of Object.entries(joinable)) {
      socket.on(event, (arg: unknown) => {
        const name = room(arg);
        if (name) void socket.join(name);
      });
    }
    for (const [event, joinEvent] of Object.entries(leavable)) {
      socket.on(event, (arg: unknown) => {
        const name = joinable[joinEvent]!(arg);
        if (name) void socket.leave(name);
      });
    }
    socket.on('userStatus', () => {
      lastBeat.set(auth.userId, { at: Date.now(), companyId: auth.companyId });
      void publishPresence(auth, true);
    });
    socket.on('disconnect', async () => {
      clearTimeout(expiry);
      const remaining = (await socketsOf(rooms.user(auth.companyId, auth.userId))).length;
      if (remaining === 0) {
        lastBeat.delete(auth.userId);
        void publishPresence(auth, false);
      }
    });
  };

  return {
    name: 'realtime',
    async register() {
      // No HTTP routes: everything travels over the socket.
    },
    attach(server: HttpServer) {
      const io = new Server(server, { path: '/socket.io', serveClient: false, pingInterval: 25_000, pingTimeout: 20_000, maxHttpBufferSize: 64 * 1024 });
      io.use(async (socket, next) => {
        const query = socket.handshake.query as Record<string, unknown>;
        const token = (socket.handshake.auth as { token?: unknown })?.token ?? query.token;
        try {
          if (typeof token !== 'string' || !token) throw new AppError('ERR_SESSION_EXPIRED', 'No token');
          const data = socket.data as SocketData;
          data.auth = await admit(ctx.verify(token));
          data.expiresAt = tokenLifetime(token)?.expiresAt ?? null;
          next();
        } catch (err) {
          next(new Error((err as { code?: string }).code ?? 'ERR_INVALID_TOKEN'));
        }
      });
      io.on('connection', (socket) => onConnection(socket as unknown as AuthedSocket));
      servers.push(io);
    },
    async start() {
      const userDirectory = await createUserDirectory(ctx.bus);
      users = userDirectory.directory;
      subscriptions = [
        ...userDirectory.subscriptions,
        await ctx.bus.fanout('>', async (envelope) => {
          for (const emission of emissionsFor(envelope.type, envelope)) await deliver(envelope, emission);
        }),
        // Revoked sessions lose their sockets after a grace (they first receive company-{id}-auth).
        await ctx.bus.fanout('auth.session.revoked', (envelope) => {
          const { sessionIds } = envelope.data as { sessionIds: string[] };
          setTimeout(() => {
            for (const io of servers) {
              for (const socket of io.sockets.sockets.values()) {
                if (sessionIds.includes((socket.data as SocketData).auth?.sessionId)) socket.disconnect(true);
              }
            }
          }, config.REVOKED_SOCKET_GRACE_MS).unref();
        }),
        // A company made inactive loses its users' sockets at once (they cannot come back while it stays so).
        await ctx.bus.fanout('admin.company.updated', (envelope) => {
          const { company } = envelope.data as { company: { id: number; status: boolean } };
          if (company.status === false) disconnectWhere((auth) => auth.companyId === company.id && !auth.super);
        }),
        // A deleted user loses their sockets; a user whose profile or super flag changed reconnects as they now are.
        await ctx.bus.fanout('auth.user.deleted', (envelope) => disconnectUser((envelope.data as { userId: number }).userId)),
        await ctx.bus.fanout('auth.user.updated', (envelope) => {
          const { user } = envelope.data as { user: User };
          const changed = servers.some((io) =>
            [...io.sockets.sockets.values()].some((socket) => {
              const auth = (socket.data as SocketData).auth;
              return auth?.userId === user.id && (auth.profile !== user.profile || auth.super !== user.super);
            }),
          );
          if (changed) disconnectUser(user.id);
        }),
      ];
      sweeper = setInterval(() => {
        const deadline = Date.now() - config.PRESENCE_TIMEOUT_SECONDS * 1000;
        for (const [userId, beat] of lastBeat) {
          if (beat.at < deadline) {
            lastBeat.delete(userId);
            void publishPresence({ userId, companyId: beat.companyId }, false);
          }
        }
      }, 15_000);
      sweeper.unref();
    },
    async stop() {
      clearInterval(sweeper);
      for (const s of subscriptions) await s.unsubscribe().catch(() => undefined);
      for (const io of servers) {
        io.disconnectSockets(true);
        await new Promise<void>((resolve) => {
          // io.close() would also close the HTTP server it is attached to, which belongs to someone else.
          io.engine.close();
          resolve();
        });
      }
    },
    ready: async () => ctx.bus.isConnected(),
  };
};
