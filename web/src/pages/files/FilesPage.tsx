import './filesLocales';
import { useCallback, useState } from 'react';
import { Modal, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { InfiniteTablePage } from '../../components/InfiniteTablePage';
import { deleteFileList, listFileLists, type FileListRecord } from '../../api/files';
import { useAuth } from '../../auth/AuthContext';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { confirmDeletion } from '../../components/confirmDeletion';
import NoPermission from '../../components/NoPermission';
import { toastError, toastSuccess } from '../../errors/toast';
import { isAdmin } from '../../permissions';
import { applyRecordEvent, textMatches } from '../campaigns/liveRecords';
import { useInfiniteList } from '../tags/useInfiniteList';
import { FileListDialog } from './FileListDialog';
import { fileCount } from './filesRules';
import { useFileListEvents } from './useFileListEvents';

/** '/files' (spec 002 §2 "Files"): admins only (spec 000 §6); attendants see the no-permission view. */
export default function FilesPage() {
  const { user } = useAuth();
  if (!user || !isAdmin(user)) return <NoPermission />;
  return <FilesScreen />;
}

/** The searchable, infinite-scroll list of file lists with edit and delete, kept live by company-{id}-file. */
function FilesScreen() {
  const { t } = useTranslation('files');
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ open: boolean; record: FileListRecord | null }>({ open: false, record: null });

  const fetchPage = useCallback(async (search: string, page: number) => {
    const answer = await listFileLists({ searchParam: search || undefined, pageNumber: page });
    return { items: answer.files, hasMore: answer.hasMore, count: answer.count };
  }, []);
  const list = useInfiniteList<FileListRecord>(fetchPage);
  const { apply, search } = list;

  useFileListEvents((event) => apply((current) => applyRecordEvent(current, event, (r) => textMatches(search, r.name))));

  const saved = (record: FileListRecord) => apply((current) => applyRecordEvent(current, { action: 'update', record }, (r) => textMatches(search, r.name)));

  const confirmDelete = (target: FileListRecord) => {
    confirmDeletion(
      modal,
      {
        title: t('confirm.deleteTitle', { name: target.name }),
        content: t('confirm.deleteMessage'),
        okText: t('buttons.delete'),
        cancelText: t('buttons.cancel'),
      },
      async () => {
        try {
          await deleteFileList(target.id);
          apply((current) => applyRecordEvent(current, { action: 'delete', id: target.id }));
          toastSuccess(t('toasts.deleted'));
        } catch (err) {
          toastError(err);
        }
      },
    );
  };

  const columns: ColumnsType<FileListRecord> = [
    { title: t('table.name'), dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    {
      title: t('table.files'),
      key: 'files',
      width: 140,
      align: 'center',
      render: (_: unknown, row) => fileCount(row),
    },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 140,
      align: 'center',
      render: (_: unknown, row) => (
        <EditDeleteActions
          editTitle={t('buttons.edit')}
          deleteTitle={t('buttons.delete')}
          editLabel={t('buttons.editItem', { name: row.name })}
          deleteLabel={t('buttons.deleteItem', { name: row.name })}
          onEdit={() => setDialog({ open: true, record: row })}
          onDelete={() => confirmDelete(row)}
        />
      ),
    },
  ];

  return (
    <InfiniteTablePage<FileListRecord>
      title={t('title')}
      list={list}
      columns={columns}
      searchPlaceholder={t('searchPlaceholder')}
      addLabel={t('buttons.add')}
      onAdd={() => setDialog({ open: true, record: null })}
      emptyText={t('empty')}
    >
      {modalHolder}
      <FileListDialog open={dialog.open} record={dialog.record} onClose={() => setDialog({ open: false, record: null })} onSaved={saved} />
    </InfiniteTablePage>
  );
}
