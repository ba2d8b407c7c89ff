import type { DashboardAttendant, DashboardCounters, DashboardData } from '@atende/kit/contracts';

/** Figures for the rules' tests: a quiet period, changed where a test needs it. */
export const counters = (over: Partial<DashboardCounters> = {}): DashboardCounters => ({
  tickets: 20,
  supportPending: 3,
  supportHappening: 5,
  supportFinished: 12,
  supportGroups: 0,
  leads: 4,
  messagesReceived: 300,
  messagesSent: 280,
  activeConnections: 2,
  conversionRate: 60,
  avgWaitTime: 4,
  avgSupportTime: 18,
  withRating: 10,
  withoutRating: 2,
  waitRating: 0,
  percRating: 83.33,
  promoters: 8,
  passives: 1,
  detractors: 1,
  npsScore: 70,
  npsPromotersPerc: 80,
  npsPassivePerc: 10,
  npsDetractorsPerc: 10,
  happening: 5,
  pending: 3,
  finished: 12,
  nps: 70,
  ...over,
});

export const attendant = (id: number, over: Partial<DashboardAttendant> = {}): DashboardAttendant => ({
  id,
  name: `Attendant ${id}`,
  tickets: 5,
  closed: 3,
  rating: 4.5,
  countRating: 2,
  avgWaitTime: 3,
  avgSupportTime: 15,
  online: true,
  ...over,
});

export const dashboard = (c: Partial<DashboardCounters> = {}, attendants: DashboardAttendant[] = [attendant(1)]): DashboardData => ({
  counters: counters(c),
  attendants,
});
