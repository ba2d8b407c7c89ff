import { useCompanyEvent } from '../../socket/SocketContext';
import { DEFAULT_KEYS, toRecordEvent, type EventKeys, type RecordEvent } from './liveRecords';

/**
 * Live events of this area (spec 002 §4): company-{companyId}-campaign, -schedule, -ContactList,
 * -ContactListItem. Malformed payloads are ignored.
 */
export type LiveEventName = 'campaign' | 'schedule' | 'ContactList' | 'ContactListItem';

export function useLiveRecords<T extends { id: number }>(name: LiveEventName, handler: (event: RecordEvent<T>) => void, keys: EventKeys = DEFAULT_KEYS): void {
  useCompanyEvent<unknown>(name, (payload) => {
    const event = toRecordEvent<T>(payload, keys);
    if (event) handler(event);
  });
}
