import './todolistLocales';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Empty, Flex, Input, List, Popconfirm, Tooltip, Typography, type InputRef } from 'antd';
import { CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthContext';
import { PageTitle } from '../../components/PageTitle';
import { formatDateTime } from '../../format/dates';
import { addTask, editTask, isBlankTask, readTasks, removeTask, tasksStorageKey, type Task } from './todoRules';

const load = (key: string): Task[] => {
  try {
    return readTasks(localStorage.getItem(key));
  } catch {
    return []; // storage unavailable (privacy mode): an empty list that lives as long as the page
  }
};

/** The user's tasks in this browser's storage, kept in step with the user's other tabs. */
function useStoredTasks(key: string): [Task[], (next: Task[]) => void] {
  const [tasks, setTasks] = useState<Task[]>(() => load(key));
  useEffect(() => {
    setTasks(load(key));
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) setTasks(readTasks(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key]);
  const save = useCallback(
    (next: Task[]) => {
      setTasks(next);
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // storage full or unavailable: the list still works for this page
      }
    },
    [key],
  );
  return [tasks, save];
}

/** '/todolist' (spec 002 §2): add, edit and remove one's own tasks, stored only in this browser. */
export default function TodoListPage() {
  const { t } = useTranslation('todolist');
  const { user } = useAuth();
  const [tasks, saveTasks] = useStoredTasks(tasksStorageKey(user?.id ?? 0));
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const input = useRef<InputRef>(null);

  const reset = () => {
    setText('');
    setEditing(null);
    setTouched(false);
  };
  const submit = () => {
    setTouched(true);
    if (isBlankTask(text)) return;
    saveTasks(editing ? editTask(tasks, editing, text, new Date()) : addTask(tasks, text, new Date(), crypto.randomUUID()));
    reset();
    input.current?.focus();
  };
  const startEditing = (task: Task) => {
    setEditing(task.id);
    setText(task.text);
    setTouched(false);
    input.current?.focus();
  };
  const remove = (task: Task) => {
    saveTasks(removeTask(tasks, task.id));
    if (editing === task.id) reset();
  };
  const blank = touched && isBlankTask(text);

  return (
    <Flex vertical gap={16}>
      <PageTitle title={t('title')} subtitle={t('subtitle')} />
      <Card>
        <Flex gap={8} align="start">
          <Flex vertical flex={1}>
            <Input
              ref={input}
              value={text}
              maxLength={1000}
              placeholder={t('placeholder')}
              aria-label={t('placeholder')}
              status={blank ? 'error' : undefined}
              onChange={(e) => setText(e.target.value)}
              onPressEnter={submit}
            />
            {blank && <Typography.Text type="danger">{t('blank')}</Typography.Text>}
          </Flex>
          <Button type="primary" onClick={submit}>
            {editing ? t('save') : t('add')}
          </Button>
          {editing && (
            <Tooltip title={t('cancel')}>
              <Button icon={<CloseOutlined />} aria-label={t('cancel')} onClick={reset} />
            </Tooltip>
          )}
        </Flex>
      </Card>
      <Card>
        <List
          dataSource={tasks}
          locale={{ emptyText: <Empty description={t('empty')} /> }}
          renderItem={(task) => (
            <List.Item
              actions={[
                <Tooltip key="edit" title={t('edit')}>
                  <Button type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => startEditing(task)} />
                </Tooltip>,
                <Popconfirm key="delete" title={t('confirmDelete')} okText={t('delete')} cancelText={t('cancel')} onConfirm={() => remove(task)}>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={<Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{task.text}</Typography.Text>}
                description={
                  task.updatedAt !== task.createdAt
                    ? t('createdUpdated', { created: formatDateTime(task.createdAt), updated: formatDateTime(task.updatedAt) })
                    : t('created', { created: formatDateTime(task.createdAt) })
                }
              />
            </List.Item>
          )}
        />
      </Card>
    </Flex>
  );
}
