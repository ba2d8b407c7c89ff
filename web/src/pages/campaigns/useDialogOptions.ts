import { useEffect, useState } from 'react';
import { listConnections } from '../../api/channels';
import { defaultConnectionId } from '../../hooks/connectionList';
import { listAllTags } from '../../api/tags';
import { listCompanyUsers, listQueueOptions } from '../../api/users';
import { listAllContactLists } from '../../api/campaigns';

export type Option = { value: number; label: string };
export type DialogOptions = {
  connections: Option[];
  /** The connection a new record starts on: the company's default one (else the only one), when there is one. */
  defaultConnectionId: number | null;
  users: Option[];
  queues: Option[];
  contactLists: Option[];
  tags: Option[];
};

const toOptions = (rows: readonly { id: number; name: string }[]): Option[] => rows.map((r) => ({ value: r.id, label: r.name }));
/** A selector whose source failed stays empty: the dialog still opens. */
const safe = <T>(p: Promise<T[]>): Promise<T[]> => p.catch(() => []);

/** The selectors of the campaign and schedule dialogs, read each time a dialog opens. */
export function useDialogOptions(open: boolean, withLists: boolean): DialogOptions {
  const [options, setOptions] = useState<DialogOptions>({ connections: [], defaultConnectionId: null, users: [], queues: [], contactLists: [], tags: [] });
  useEffect(() => {
    if (!open) return;
    let active = true;
    void Promise.all([
      safe(listConnections()),
      safe(listCompanyUsers()),
      safe(listQueueOptions()),
      withLists ? safe(listAllContactLists()) : Promise.resolve([]),
      withLists ? safe(listAllTags()) : Promise.resolve([]),
    ]).then(([connections, users, queues, contactLists, tags]) => {
      if (!active) return;
      setOptions({
        connections: toOptions(connections),
        defaultConnectionId: defaultConnectionId(connections, null) ?? null,
        users: toOptions(users),
        queues: toOptions(queues),
        contactLists: toOptions(contactLists),
        tags: toOptions(tags),
      });
    });
    return () => {
      active = false;
    };
  }, [open, withLists]);
  return options;
}
