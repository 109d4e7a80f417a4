// A modal <dialog> holding one form: its title, the fields, then Cancel and the submit button (its action's name).
import type { ReactNode } from "react";
import { useModal } from "../hooks/useModal";

interface Props {
  /** The dialog's ids start with it: `${id}-title` names it. */
  id: string;
  title: ReactNode;
  submit: string;
  open?: boolean;
  className?: string;
  formClassName?: string;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
  /** Another answer, between Cancel and the submit button. */
  extra?: ReactNode;
}

export function FormDialog({ id, title, submit, open = true, className = "mm-dialog", ...rest }: Props) {
  const { formClassName, onSubmit, onClose, children, extra } = rest;
  const dialog = useModal(open);
  return (
    <dialog ref={dialog} className={className} aria-labelledby={`${id}-title`} onClose={onClose}>
      <form
        method="dialog"
        className={formClassName}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <h2 id={`${id}-title`} className="mm-panel-title">
          {title}
        </h2>
        {children}
        <div className="mm-dialog-actions">
          <button type="button" className="mm-button" onClick={onClose}>
            Cancel
          </button>
          {extra}
          <button type="submit" className="mm-button mm-primary">
            {submit}
          </button>
        </div>
      </form>
    </dialog>
  );
}
