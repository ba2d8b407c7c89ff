import { Button, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';

export type EditDeleteActionsProps = {
  /** Tooltips of the two buttons. */
  editTitle: string;
  deleteTitle: string;
  /** What a screen reader announces: the action and the row it acts on. */
  editLabel: string;
  deleteLabel: string;
  onEdit(): void;
  onDelete(): void;
};

/** A table row's edit and delete icon buttons, the way every management list shows them. */
export function EditDeleteActions({ editTitle, deleteTitle, editLabel, deleteLabel, onEdit, onDelete }: EditDeleteActionsProps) {
  return (
    <Space size={4}>
      <Tooltip title={editTitle}>
        <Button type="text" icon={<EditOutlined />} aria-label={editLabel} onClick={onEdit} />
      </Tooltip>
      <Tooltip title={deleteTitle}>
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={deleteLabel} onClick={onDelete} />
      </Tooltip>
    </Space>
  );
}
