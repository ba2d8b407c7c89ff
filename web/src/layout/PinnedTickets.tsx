import { useCallback, useEffect, useState } from 'react';
import { Avatar, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { onPinsChanged } from '../api/pinsChanged';
import { listPins } from '../api/tickets';
import { useAuth } from '../auth/AuthContext';
import { initials, pinnedAvatars, type PinnedAvatar } from './pinnedTickets';

/** The top bar's pinned tickets (spec 000 §2): an avatar per pinned ticket (at most 10); a click opens that ticket. */
export function PinnedTickets() {
  const { t } = useTranslation('shell');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [pins, setPins] = useState<PinnedAvatar[]>([]);
  const userId = user?.id;

  const load = useCallback(async () => {
    try {
      setPins(pinnedAvatars(await listPins()));
    } catch {
      // the bar works without them; the next pin or unpin reads them again
    }
  }, []);

  useEffect(() => {
    if (!userId) return;
    void load();
    return onPinsChanged(() => void load());
  }, [userId, load]);

  if (pins.length === 0) return null;
  return (
    <Flex component="nav" align="center" gap={4} aria-label={t('pinned.label')} data-testid="pinned-tickets" style={{ flex: 'none' }}>
      {pins.map((pin) => (
        <Tooltip key={pin.pinId} title={pin.name}>
          <button
            type="button"
            aria-label={t('pinned.open', { name: pin.name })}
            data-testid={`pinned-ticket-${pin.ticketId}`}
            onClick={() => navigate(`/tickets/${pin.uuid}`)}
            style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer', lineHeight: 0, borderRadius: '50%' }}
          >
            <Avatar size={30} src={pin.picture} alt="">
              {initials(pin.name)}
            </Avatar>
          </button>
        </Tooltip>
      ))}
    </Flex>
  );
}
