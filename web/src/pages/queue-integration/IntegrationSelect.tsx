import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { listAllQueueIntegrations } from '../../api/queueIntegrations';

/** The "Disabled" entry's value in the select (the form keeps null). */
const DISABLED = 0;

export type IntegrationSelectProps = {
  /** Form.Item's value and change handler: an integration id or null. */
  value?: number | null;
  onChange?(value: number | null): void;
  /** Text of the first option, which means "no integration". */
  disabledLabel: string;
  ariaLabel: string;
  /** The editor is open: the list is read again each time it opens. */
  active?: boolean;
  /** Whether the user may read the integrations (admins); when not, only "Disabled" and the current choice show. */
  readable?: boolean;
  /** Another company's integrations (a super user editing its connection); the caller's own when absent. */
  companyId?: number;
};

/**
 * The connection editor's integration select (spec 001 §2, integrations tab): "Disabled" first, then the
 * company's queue integrations (GET /queueIntegration, every page). When they cannot be read (a plan
 * without integrations, a user who is not an admin) only "Disabled" and the current choice remain.
 */
export function IntegrationSelect({ value = null, onChange, disabledLabel, ariaLabel, active = true, readable = true, companyId }: IntegrationSelectProps) {
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const [loading, setLoading] = useState(true);
  const [available, setAvailable] = useState(true);

  useEffect(() => {
    if (!active) return;
    if (!readable) {
      setAvailable(false);
      setLoading(false);
      return;
    }
    let current = true;
    setLoading(true);
    listAllQueueIntegrations(companyId)
      .then((list) => {
        if (!current) return;
        setOptions(list.map((i) => ({ value: i.id, label: i.name })));
        setAvailable(true);
      })
      .catch(() => current && setAvailable(false))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [active, readable, companyId]);

  const current = value ?? DISABLED;
  const known = current === DISABLED || options.some((o) => o.value === current);
  const all = [{ value: DISABLED, label: disabledLabel }, ...options, ...(known ? [] : [{ value: current, label: `#${current}` }])];

  return (
    <Select<number>
      value={current}
      onChange={(next) => onChange?.(next === DISABLED ? null : next)}
      options={all}
      loading={loading}
      disabled={!available && current === DISABLED}
      showSearch
      optionFilterProp="label"
      aria-label={ariaLabel}
    />
  );
}
