import type { ContactList, ContactListItem } from '../../api/campaigns';
import type { RecordEvent } from '../campaigns/liveRecords';
import { useLiveRecords } from '../campaigns/useLiveRecords';

/** company-{companyId}-ContactList while mounted (spec 002 §4). */
export function useContactListEvents(handler: (event: RecordEvent<ContactList>) => void): void {
  useLiveRecords<ContactList>('ContactList', handler);
}

/** company-{companyId}-ContactListItem while mounted; items of other lists are the caller's to skip. */
export function useContactListItemEvents(handler: (event: RecordEvent<ContactListItem>) => void): void {
  useLiveRecords<ContactListItem>('ContactListItem', handler);
}
