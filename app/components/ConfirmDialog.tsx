// A yes/no question before something that cannot be undone (reset, import,
// deleting a post or a comment: those ask as an alertdialog).
import { Modal } from "./Modal";

interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
  /** Asked as an alertdialog. */
  alert?: boolean;
}

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  onConfirm,
  onCancel,
  danger,
  alert,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} description={description} onClose={onCancel} role={alert ? "alertdialog" : "dialog"}>
      <div className="form__row confirm__actions">
        {/* Cancel comes first in the tab order: the safe choice is the first one reached. */}
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={`button ${danger ? "button--danger" : "button--primary"}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
