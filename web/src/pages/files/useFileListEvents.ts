import type { FileListRecord } from '../../api/files';
import { useCompanyEvent } from '../../socket/SocketContext';
import { toRecordEvent, type RecordEvent } from '../campaigns/liveRecords';
import { FILE_EVENT_KEYS } from './filesRules';

/** company-{companyId}-file while mounted (spec 002 §4 live updates); malformed payloads are ignored. */
export function useFileListEvents(handler: (event: RecordEvent<FileListRecord>) => void): void {
  useCompanyEvent<unknown>('file', (payload) => {
    const event = toRecordEvent<FileListRecord>(payload, FILE_EVENT_KEYS);
    if (event) handler(event);
  });
}
