import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Tag as Chip } from 'antd';
import { TagsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@atende/kit/contracts';
import { syncContactTags } from '../../../api/contacts';
import { createTag, listAllTags, listContactTags, type ContactTag } from '../../../api/tags';
import { toastError, toastWarning } from '../../../errors/toast';
import { useCompanyEvent } from '../../../socket/SocketContext';
import { DEFAULT_TAG_COLOR, textColorOn } from '../../tags/tagRules';
import { randomTagColor, tagSelection } from './contactTags';

type ContactEvent = { action?: string; contact?: Pick<Contact, 'id' | 'tags'> };

/**
 * The contact's tags under the ticket header (spec 000 §5, §7): pick from the company's tags or type a
 * new one (at least 3 characters, created with a random colour); the contact then carries exactly the
 * chosen tags (POST /tags/sync). With requiredTag on, this is where a ticket gets the tag it needs to close.
 */
export function ContactTagsBar({ contactId }: { contactId: number }) {
  const { t } = useTranslation('conversation');
  const [options, setOptions] = useState<ContactTag[]>([]);
  const [chosen, setChosen] = useState<ContactTag[]>([]);
  const [saving, setSaving] = useState(false);
  const request = useRef(0);

  useEffect(() => {
    let active = true;
    setChosen([]);
    listContactTags(contactId)
      .then((tags) => active && setChosen(tags))
      .catch(() => undefined);
    listAllTags(0)
      .then((tags) => active && setOptions(tags))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [contactId]);

  useCompanyEvent<ContactEvent>('contact', (event) => {
    if (event?.action === 'update' && event.contact?.id === contactId && Array.isArray(event.contact.tags)) setChosen(event.contact.tags);
  });

  const known = useMemo(() => {
    const all = new Map<number, ContactTag>();
    for (const tag of [...options, ...chosen]) all.set(tag.id, tag);
    return [...all.values()];
  }, [options, chosen]);

  const onChange = async (values: (number | string)[]) => {
    const { ids, create, tooShort } = tagSelection(values, known);
    if (tooShort.length) toastWarning(t('tags.tooShort'), { form: true });
    const current = chosen.map((tag) => tag.id);
    if (create.length === 0 && ids.length === current.length && ids.every((id) => current.includes(id))) return;
    const id = ++request.current;
    setSaving(true);
    try {
      const created: ContactTag[] = [];
      for (const name of create) created.push(await createTag({ name, kanban: 0, color: randomTagColor() }));
      if (created.length) setOptions((current) => [...current, ...created]);
      const contact = await syncContactTags(contactId, [...ids, ...created.map((c) => c.id)]);
      if (id === request.current) setChosen(contact.tags);
    } catch (err) {
      toastError(err);
    } finally {
      if (id === request.current) setSaving(false);
    }
  };

  const colorOf = (id: unknown) => known.find((tag) => tag.id === id)?.color || DEFAULT_TAG_COLOR;

  return (
    <div
      style={{ padding: '6px 12px', borderBottom: '1px solid rgba(128,128,128,0.2)', display: 'flex', alignItems: 'center', gap: 8 }}
      data-testid="contact-tags"
    >
      <TagsOutlined aria-hidden style={{ color: 'rgba(128,128,128,0.9)' }} />
      <Select<(number | string)[]>
        mode="tags"
        size="small"
        variant="borderless"
        value={chosen.map((tag) => tag.id)}
        onChange={(values) => void onChange(values)}
        loading={saving}
        placeholder={t('tags.placeholder')}
        aria-label={t('tags.label')}
        optionFilterProp="label"
        tokenSeparators={[',']}
        options={known.map((tag) => ({ value: tag.id, label: tag.name }))}
        tagRender={({ label, value, closable, onClose }) => {
          const bg = colorOf(value);
          return (
            <Chip
              closable={closable}
              onClose={onClose}
              onMouseDown={(e) => e.preventDefault()}
              style={{ background: bg, color: textColorOn(bg), borderColor: bg, marginInlineEnd: 4 }}
            >
              {label}
            </Chip>
          );
        }}
        style={{ flex: 1, minWidth: 0 }}
      />
    </div>
  );
}
