import { useEffect, useRef, useState } from 'react';
import { toastError } from '../errors/toast';

export type DialogRecordHandlers<R> = {
  /** Clear the dialog for what it is about to show; `isNew`: no record to read (a new one's defaults). */
  start(isNew: boolean): void;
  read(id: number): Promise<R>;
  /** The record read: into the form (and whatever else the dialog keeps of it). */
  apply(record: R): void;
  /** A failed read is toasted and the dialog closes. */
  onClose(): void;
};

/**
 * An edit dialog's record, read each time the dialog opens (or its id changes); answers whether the read
 * is under way. The handlers are read from a ref: a new identity of the page's callbacks must not reload it.
 */
export function useDialogRecord<R>(open: boolean, id: number | null, handlers: DialogRecordHandlers<R>): boolean {
  const [loading, setLoading] = useState(false);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!open) return;
    let active = true;
    latest.current.start(id === null);
    if (id === null) return;
    setLoading(true);
    latest.current
      .read(id)
      .then((record) => active && latest.current.apply(record))
      .catch((err: unknown) => {
        if (!active) return;
        toastError(err);
        latest.current.onClose();
      })
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [open, id]);

  return loading;
}
