import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@atende/kit/contracts';
import { listCompanyUsers } from '../../api/users';
import { toastError } from '../../errors/toast';

/** The company's users for the chat's pickers (GET /users/list), read each time a picker opens; a failure says 'Erro ao carregar lista de usuários'. */
export function useCompanyUsers(open: boolean): { users: User[]; loading: boolean } {
  const { t } = useTranslation('chats');
  const [users, setUsers] = useState<User[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!open) return;
    let active = true;
    setLoading(true);
    listCompanyUsers()
      .then((list) => active && setUsers([...list].sort((a, b) => a.name.localeCompare(b.name))))
      .catch(() => active && toastError(t('errors.users')))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [open, t]);

  return { users, loading };
}
