import type { Modal } from 'antd';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/**
 * The delete confirmation of the management lists: a danger OK button, the focus on Cancel (Enter never
 * deletes by accident), and `remove` run on OK (the dialog stays busy until it settles).
 */
export function confirmDeletion(
  modal: ModalApi,
  texts: { title: string; content: string; okText: string; cancelText: string },
  remove: () => Promise<void>,
): void {
  void modal.confirm({ ...texts, okButtonProps: { danger: true }, focusable: { autoFocusButton: 'cancel' }, onOk: remove });
}
