import { Button, Card, Col, Empty, Flex, Form, Input, Popconfirm, Row, Select, Space, Switch, Tag, Tooltip, Typography, theme } from 'antd';
import { DeleteOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChatbotQueueType } from '@atende/kit/contracts';
import {
  addOption,
  canNest,
  MAX_OPTIONS_PER_LEVEL,
  moveOption,
  OPTION_TARGET,
  OPTION_TYPES,
  optionFieldPath,
  optionLabel,
  removeOption,
  updateOption,
  type OptionDraft,
  type OptionPatch,
  type OptionPath,
} from './queuesRules';

export type TargetChoices = {
  options: { value: number; label: string }[];
  /** false: the source does not answer (the select shows empty and disabled). */
  available: boolean;
  loading: boolean;
};

export type ChatbotEditorProps = {
  value: OptionDraft[];
  onChange(next: OptionDraft[]): void;
  /** The text of a field's problem ('chatbots.0.options.1.name'), if any. */
  errorOf(field: string): string | undefined;
  queues: TargetChoices;
  users: TargetChoices;
  integrations: TargetChoices;
  files: TargetChoices;
};

type TargetField = NonNullable<(typeof OPTION_TARGET)[ChatbotQueueType]>;

/**
 * The chatbot menu editor of the queue modal (spec 001 §3 Chatbot option, §5): a tree of options
 * (name, message, type and its target, close ticket), added, removed, reordered and nested.
 */
export function ChatbotEditor(props: ChatbotEditorProps) {
  const { t } = useTranslation('queues');
  const { value, onChange, errorOf } = props;
  const topError = errorOf('chatbots');
  return (
    <Flex vertical gap={12}>
      <div>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('chatbot.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('chatbot.description')}</Typography.Text>
      </div>
      {value.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chatbot.empty')} style={{ margin: 0 }} />}
      <OptionList {...props} level={value} parent={[]} />
      {topError && <Typography.Text type="danger">{topError}</Typography.Text>}
      <Button type="dashed" icon={<PlusOutlined />} block disabled={value.length >= MAX_OPTIONS_PER_LEVEL} onClick={() => onChange(addOption(value, []))}>
        {t('chatbot.add')}
      </Button>
    </Flex>
  );
}

function OptionList(props: ChatbotEditorProps & { level: OptionDraft[]; parent: OptionPath }) {
  const { level, parent } = props;
  return (
    <Flex vertical gap={8}>
      {level.map((option, i) => (
        <OptionCard key={option.key} {...props} option={option} path={[...parent, i]} siblings={level.length} />
      ))}
    </Flex>
  );
}

function OptionCard(props: ChatbotEditorProps & { option: OptionDraft; path: OptionPath; siblings: number }) {
  const { t } = useTranslation('queues');
  const { token } = theme.useToken();
  const { option, path, siblings, value, onChange, errorOf } = props;
  const label = optionLabel(path);
  const at = optionFieldPath(path);
  const index = path[path.length - 1]!;
  const patch = (p: OptionPatch) => onChange(updateOption(value, path, p));
  const target = OPTION_TARGET[option.queueType];
  const nestable = canNest(path) && option.options.length < MAX_OPTIONS_PER_LEVEL;

  const field = (name: string) => {
    const error = errorOf(`${at}.${name}`);
    return error ? { validateStatus: 'error' as const, help: error } : {};
  };

  const choicesOf: Record<TargetField, TargetChoices> = {
    optQueueId: props.queues,
    optUserId: props.users,
    optIntegrationId: props.integrations,
    optFileId: props.files,
  };
  const typeOptions = OPTION_TYPES.map((type) => {
    const needs = OPTION_TARGET[type];
    const off = needs !== null && !choicesOf[needs].available && option.queueType !== type;
    return { value: type, label: t(`chatbot.types.${type}`), disabled: off };
  });

  const removeButton = (
    <Button
      type="text"
      danger
      size="small"
      icon={<DeleteOutlined />}
      aria-label={t('chatbot.remove', { label })}
      onClick={option.options.length ? undefined : () => onChange(removeOption(value, path))}
    />
  );

  return (
    <Card
      size="small"
      data-testid={`chatbot-option-${label}`}
      title={
        <Space size={8}>
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {label}
          </Tag>
          <Typography.Text ellipsis style={{ maxWidth: 320 }}>
            {option.name.trim() || t('chatbot.option', { label })}
          </Typography.Text>
        </Space>
      }
      extra={
        <Space size={0}>
          <Tooltip title={t('chatbot.moveUp', { label })}>
            <Button
              type="text"
              size="small"
              icon={<DownOutlined rotate={180} />}
              aria-label={t('chatbot.moveUp', { label })}
              disabled={index === 0}
              onClick={() => onChange(moveOption(value, path, -1))}
            />
          </Tooltip>
          <Tooltip title={t('chatbot.moveDown', { label })}>
            <Button
              type="text"
              size="small"
              icon={<DownOutlined />}
              aria-label={t('chatbot.moveDown', { label })}
              disabled={index >= siblings - 1}
              onClick={() => onChange(moveOption(value, path, 1))}
            />
          </Tooltip>
          {canNest(path) && (
            <Button
              type="text"
              size="small"
              icon={<PlusOutlined />}
              aria-label={t('chatbot.addSubTo', { label })}
              disabled={!nestable}
              onClick={() => onChange(addOption(value, path))}
            >
              {t('chatbot.addSub')}
            </Button>
          )}
          {option.options.length ? (
            <Popconfirm
              title={t('chatbot.remove', { label })}
              description={t('chatbot.removeWithSubs', { label })}
              okText={t('buttons.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('buttons.cancel')}
              onConfirm={() => onChange(removeOption(value, path))}
            >
              {removeButton}
            </Popconfirm>
          ) : (
            <Tooltip title={t('chatbot.remove', { label })}>{removeButton}</Tooltip>
          )}
        </Space>
      }
    >
      <Row gutter={12}>
        <Col xs={24} md={target ? 10 : 16}>
          <Form.Item label={t('chatbot.name')} required {...field('name')} style={{ marginBottom: 12 }}>
            <Input value={option.name} maxLength={250} aria-label={`${t('chatbot.name')} ${label}`} onChange={(e) => patch({ name: e.target.value })} />
          </Form.Item>
        </Col>
        <Col xs={24} md={target ? 6 : 8}>
          <Form.Item label={t('chatbot.queueType')} {...field('queueType')} style={{ marginBottom: 12 }}>
            <Select<ChatbotQueueType>
              value={option.queueType}
              options={typeOptions}
              aria-label={`${t('chatbot.queueType')} ${label}`}
              onChange={(queueType) => patch({ queueType })}
            />
          </Form.Item>
        </Col>
        {target && (
          <Col xs={24} md={8}>
            <Form.Item label={t(`chatbot.${target}`)} required {...field(target)} style={{ marginBottom: 12 }}>
              <Select<number>
                value={option[target] ?? undefined}
                options={choicesOf[target].options}
                loading={choicesOf[target].loading}
                disabled={!choicesOf[target].available}
                placeholder={choicesOf[target].available ? undefined : t('fields.unavailable')}
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                aria-label={`${t(`chatbot.${target}`)} ${label}`}
                onChange={(id) => patch({ [target]: id ?? null })}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Form.Item label={t('chatbot.greetingMessage')} required={option.options.length > 0} {...field('greetingMessage')} style={{ marginBottom: 12 }}>
        <Input.TextArea
          value={option.greetingMessage}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={10000}
          placeholder={t('chatbot.greetingPlaceholder')}
          aria-label={`${t('chatbot.greetingMessage')} ${label}`}
          onChange={(e) => patch({ greetingMessage: e.target.value })}
        />
      </Form.Item>
      <Space size={8} align="center">
        <Switch
          size="small"
          checked={option.closeTicket}
          aria-label={`${t('chatbot.closeTicket')} ${label}`}
          onChange={(closeTicket) => patch({ closeTicket })}
        />
        <Typography.Text>{t('chatbot.closeTicket')}</Typography.Text>
      </Space>
      {option.options.length > 0 && (
        <div
          style={{ marginTop: 12, paddingInlineStart: 12, borderInlineStart: `2px solid ${token.colorBorderSecondary}` }}
          aria-label={t('chatbot.subOptions', { label })}
          role="group"
        >
          <OptionList {...props} level={option.options} parent={path} />
        </div>
      )}
      {errorOf(`${at}.options`) && (
        <Typography.Text type="danger" style={{ display: 'block', marginTop: 8 }}>
          {errorOf(`${at}.options`)}
        </Typography.Text>
      )}
    </Card>
  );
}
