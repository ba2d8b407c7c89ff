import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createContact } from '../../../api/contacts';
import { createTicket, searchContacts } from '../../../api/tickets';
import { useAuth } from '../../../auth/AuthContext';
import { toastError, toastWarning } from '../../../errors/toast';
import { useTicketActions } from '../TicketActions';
import { digitsOf } from './cards';

export type ConversationTarget = { contactId: number } | { name: string; number: string };

/**
 * 'Conversar' of a contact card (and 'talk to' a group participant): finds the contact by number or
 * creates it, then opens a ticket with it in the queue and connection of the current ticket (the
 * user's first queue when it has none). A contact already being served by someone else shows the
 * holder notice; my own open ticket is simply opened.
 */
export function useStartConversation(origin: { queueId: number | null; whatsappId: number | null }) {
  const { t } = useTranslation('conversation');
  const { user } = useAuth();
  const navigate = useNavigate();
  const { userQueues, handleOpenTicketConflict } = useTicketActions();
  const [busy, setBusy] = useState(false);

  const start = useCallback(
    async (target: ConversationTarget) => {
      if (!user) return;
      const queueId = origin.queueId ?? userQueues[0]?.id;
      if (!queueId) {
        toastWarning(t('talk.noQueue'));
        return;
      }
      setBusy(true);
      try {
        let contactId: number;
        if ('contactId' in target) contactId = target.contactId;
        else {
          const digits = digitsOf(target.number);
          if (!digits) {
            toastWarning(t('talk.noNumber'));
            return;
          }
          const found = (await searchContacts(digits)).find((c) => digitsOf(c.number) === digits);
          contactId = found ? found.id : (await createContact({ name: target.name.trim() || digits, number: digits })).id;
        }
        const ticket = await createTicket({
          contactId,
          queueId,
          status: 'open',
          userId: user.id,
          whatsappId: origin.whatsappId ?? user.whatsappId ?? undefined,
        });
        navigate(`/tickets/${ticket.uuid}`);
      } catch (err) {
        // The contact's open ticket: the same notice as the new-ticket dialog (holder named, or mine opened).
        if (!handleOpenTicketConflict(err)) toastError(err);
      } finally {
        setBusy(false);
      }
    },
    [handleOpenTicketConflict, navigate, origin.queueId, origin.whatsappId, t, user, userQueues],
  );

  return { start, busy };
}
