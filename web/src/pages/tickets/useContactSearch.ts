import { useEffect, useState } from 'react';
import type { Contact } from '@atende/kit/contracts';
import { searchContacts } from '../../api/tickets';
import { toastError } from '../../errors/toast';
import { CONTACT_SEARCH_DEBOUNCE_MS, searchTerm } from './dialogs/dialogRules';

/**
 * Contacts matching `term`, searched from 3 characters, 500 ms after the last keystroke (spec 000 §5).
 * Below 3 characters (or while not `enabled`) the list empties, unless `keepWhenShort` keeps the last
 * results (a select whose chosen option must keep its label).
 */
export function useContactSearch(term: string, options: { enabled?: boolean; keepWhenShort?: boolean } = {}) {
  const { enabled = true, keepWhenShort = false } = options;
  const [contacts, setContacts] = useState<Contact[]>([]);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    const value = searchTerm(term);
    if (!enabled || !value) {
      if (!keepWhenShort) setContacts([]);
      setSearching(false);
      return;
    }
    let active = true;
    setSearching(true);
    const timer = setTimeout(() => {
      searchContacts(value)
        .then((list) => active && setContacts(list))
        .catch((err) => active && toastError(err))
        .finally(() => active && setSearching(false));
    }, CONTACT_SEARCH_DEBOUNCE_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [term, enabled, keepWhenShort]);

  return { contacts, setContacts, searching };
}
