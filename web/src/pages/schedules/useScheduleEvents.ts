import type { Schedule } from '../../api/schedules';
import type { RecordEvent } from '../campaigns/liveRecords';
import { useLiveRecords } from '../campaigns/useLiveRecords';
import { SCHEDULE_EVENT_KEYS } from './scheduleRules';

/** company-{companyId}-schedule while mounted (spec 002 §4). */
export function useScheduleEvents(handler: (event: RecordEvent<Schedule>) => void): void {
  useLiveRecords<Schedule>('schedule', handler, SCHEDULE_EVENT_KEYS);
}
