import { useEffect, useState } from 'react';
import { readSetting } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { hidesNumber } from './dialogs/dialogRules';

/**
 * Whether contact numbers are masked for the signed-in user (company setting lgpdHideNumber, profile user),
 * read each time `active` turns on (a dialog opening). Until the setting is read, a profile user does not
 * see the number (no flash of the full number).
 */
export function useNumbersHidden(active = true): boolean {
  const { user } = useAuth();
  const [setting, setSetting] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!active) return;
    let live = true;
    void readSetting('lgpdHideNumber').then((v) => live && setSetting(v));
    return () => {
      live = false;
    };
  }, [active]);
  return setting === undefined ? user?.profile === 'user' && !user.super : hidesNumber(setting, user);
}
