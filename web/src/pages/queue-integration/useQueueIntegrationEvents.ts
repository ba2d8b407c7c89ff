import type { QueueIntegration } from '../../api/queueIntegrations';
import { useCompanyEvent } from '../../socket/SocketContext';
import type { RecordEvent } from '../campaigns/liveRecords';
import { toIntegrationEvent } from './queueIntegrationRules';

/** company-{companyId}-queueIntegration while mounted (spec 002 §4); malformed payloads are ignored. */
export function useQueueIntegrationEvents(handler: (event: RecordEvent<QueueIntegration>) => void): void {
  useCompanyEvent<unknown>('queueIntegration', (payload) => {
    const event = toIntegrationEvent(payload);
    if (event) handler(event);
  });
}
