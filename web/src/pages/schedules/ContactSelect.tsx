import { useEffect, useRef, useState } from 'react';
import { Select } from 'antd';
import { getContact, listContacts } from '../../api/contacts';

type Option = { value: number; label: string };
export type ContactSelectProps = {
  value?: number | null;
  onChange?(value: number | null): void;
  /** The chosen contact's label when it is already known (an existing schedule). */
  initial?: { id: number; name: string; number: string } | null;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
};

const label = (c: { name: string; number: string }) => (c.number ? `${c.name} (${c.number})` : c.name);
const SEARCH_DELAY_MS = 500;

/** A contact picker that searches GET /api/contacts as the user types (first page). */
export function ContactSelect({ value, onChange, initial, disabled, placeholder, ...rest }: ContactSelectProps) {
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const request = useRef(0);

  const search = (text: string) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const id = ++request.current;
      setLoading(true);
      listContacts({ searchParam: text.trim() || undefined, pageNumber: 1 })
        .then((page) => {
          if (id === request.current) setOptions(page.contacts.map((c) => ({ value: c.id, label: label(c) })));
        })
        .catch(() => id === request.current && setOptions([]))
        .finally(() => id === request.current && setLoading(false));
    }, SEARCH_DELAY_MS);
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // The chosen contact must have an option to show its name.
  useEffect(() => {
    if (!value) return;
    if (options.some((o) => o.value === value)) return;
    if (initial && initial.id === value) {
      setOptions((current) => [{ value: initial.id, label: label(initial) }, ...current]);
      return;
    }
    let active = true;
    getContact(value)
      .then((c) => active && setOptions((current) => (current.some((o) => o.value === c.id) ? current : [{ value: c.id, label: label(c) }, ...current])))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [value, initial, options]);

  return (
    <Select<number>
      {...rest}
      showSearch={{ filterOption: false, onSearch: search }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      onOpenChange={(open) => open && options.length <= 1 && search('')}
      options={options}
      loading={loading}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      style={{ width: '100%' }}
    />
  );
}
